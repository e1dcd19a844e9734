/**
 * Socket.IO's parser without the walk for binary data (issue 33 §1). The default encoder looks through every
 * emitted object for a Buffer or ArrayBuffer before it encodes it (`hasBinary`), which cost as much as a tenth
 * of the server's busy time: a view is a large tree. This server never sends binary data (every payload is a
 * protocol message: plain JSON), so each packet goes straight to the text encoding, which is byte for byte
 * what the default encoder writes for a packet without binary: clients keep the standard parser. Decoding
 * (what clients send) is Socket.IO's own.
 */
import { Decoder, Encoder, type Packet } from 'socket.io-parser';

export class JsonEncoder extends Encoder {
  override encode(obj: Packet): string[] {
    // `encodeAsString` is the default encoder's own text path (private in its types, public in its build).
    return [(this as unknown as { encodeAsString(p: Packet): string }).encodeAsString(obj)];
  }
}

/** Socket.IO's `parser` option. */
export const jsonParser = { Encoder: JsonEncoder, Decoder };
