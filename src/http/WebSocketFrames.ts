/**
 * WebSocket text frames as a server sends them (RFC 6455, section 5.2: one final frame, unmasked), encoded once
 * and written as they are to every connection of a stream. Sent through `ws`, each connection would encode the same
 * text again, and its writes go through Effect's socket, which waits while the socket is not open: a wait no
 * writer shared by every connection may risk.
 */

/** The frame's first byte: the final fragment (0x80) of a text message (opcode 0x1). */
const FINAL_TEXT = 0x81
/** Payload lengths up to 125 fit the second byte; 126 announces a 16-bit length, 127 a 64-bit one. */
const SHORT_MAX = 125
const LENGTH_16 = 126
const LENGTH_64 = 127

/** `text` as one unmasked WebSocket text frame: the header, then the text in UTF-8. */
export const textFrame = (text: string): Uint8Array => {
  const length = Buffer.byteLength(text, "utf8")
  const header = length <= SHORT_MAX ? 2 : length <= 0xffff ? 4 : 10
  const frame = Buffer.allocUnsafe(header + length)
  frame[0] = FINAL_TEXT
  if (header === 2) {
    frame[1] = length
  } else if (header === 4) {
    frame[1] = LENGTH_16
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = LENGTH_64
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  frame.write(text, header, "utf8")
  return frame
}
