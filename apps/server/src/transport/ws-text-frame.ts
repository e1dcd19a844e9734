/**
 * One server-to-client WebSocket text frame (RFC 6455 §5.2: FIN, opcode 1, unmasked), written straight to the
 * TCP socket: how the transport answers a refused message without ws, engine.io or Socket.IO (issue 36). The
 * payload is an engine.io message (`4`) holding a Socket.IO packet, exactly what they would have written.
 */
export function wsTextFrame(text: string): Buffer {
  const n = Buffer.byteLength(text);
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x81;
  if (head === 2) frame[1] = n;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(0, 2);
    frame.writeUInt32BE(n, 6);
  }
  frame.write(text, head);
  return frame;
}
