/** Reads a server's unmasked WebSocket frame (RFC 6455, section 5.2): its first byte, declared length and text. */
export const readFrame = (frame: Uint8Array) => {
  const bytes = Buffer.from(frame)
  const short = bytes[1] & 0x7f
  const start = short < 126 ? 2 : short === 126 ? 4 : 10
  const length = short < 126 ? short : short === 126 ? bytes.readUInt16BE(2) : Number(bytes.readBigUInt64BE(2))
  return { first: bytes[0], masked: (bytes[1] & 0x80) !== 0, length, text: bytes.subarray(start).toString("utf8") }
}

/** The text a frame carries. */
export const frameText = (frame: Uint8Array | undefined): string => frame === undefined ? "" : readFrame(frame).text
