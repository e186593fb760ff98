import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Just enough of STUN (RFC 8489) and TURN (RFC 8656) over UDP to ask a TURN server, as a caller would, for a
 * relay and for permissions to peers: Allocate with long-term credentials (a first request answered 401 with
 * REALM and NONCE, then USERNAME, REALM, NONCE and MESSAGE-INTEGRITY keyed by MD5(username:realm:password)),
 * then CreatePermission with XOR-PEER-ADDRESS. Every request ends with FINGERPRINT.
 */

const magicCookie = 0x2112a442;
const headerLength = 20;

const method = { allocate: 0x003, createPermission: 0x008 } as const;
const messageClass = { request: 0x000, success: 0x100, error: 0x110 } as const;

const attribute = {
  username: 0x0006,
  messageIntegrity: 0x0008,
  errorCode: 0x0009,
  xorPeerAddress: 0x0012,
  realm: 0x0014,
  nonce: 0x0015,
  xorRelayedAddress: 0x0016,
  requestedAddressFamily: 0x0017,
  requestedTransport: 0x0019,
  fingerprint: 0x8028,
} as const;

const udpProtocol = 17;
const family = { ipv4: 0x01, ipv6: 0x02 } as const;

interface Attribute {
  type: number;
  value: Buffer;
}

/** A server's answer: a success, or an error with its code (401, 403, …) and reason. */
export interface TurnResponse {
  success: boolean;
  code: number | null;
  reason: string;
  attributes: Attribute[];
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function padded(value: Buffer): Buffer {
  const padding = (4 - (value.length % 4)) % 4;
  return padding === 0 ? value : Buffer.concat([value, Buffer.alloc(padding)]);
}

function encodeAttribute({ type, value }: Attribute): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(type, 0);
  head.writeUInt16BE(value.length, 2);
  return Buffer.concat([head, padded(value)]);
}

/** The 16 bytes of an IPv6 address (any form Node reads, IPv4-mapped included). */
function ipv6Bytes(address: string): Buffer {
  const [head = '', tail = ''] = address.includes('::') ? address.split('::') : [address, ''];
  const groups = (part: string): number[] => {
    if (part === '') return [];
    const pieces = part.split(':');
    const last = pieces.at(-1)!;
    if (isIPv4(last)) {
      const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
      pieces.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
    }
    return pieces.map((piece) => Number.parseInt(piece, 16));
  };
  const front = groups(head);
  const back = groups(tail);
  const all = [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  const bytes = Buffer.alloc(16);
  for (const [index, group] of all.entries()) bytes.writeUInt16BE(group, index * 2);
  return bytes;
}

/** XOR-PEER-ADDRESS and the like: port and address XORed with the magic cookie (and, for IPv6, the id). */
function xorAddress(address: string, port: number, transactionId: Buffer): Buffer {
  const cookie = Buffer.alloc(4);
  cookie.writeUInt32BE(magicCookie, 0);
  const raw = isIPv6(address) ? ipv6Bytes(address) : Buffer.from(address.split('.').map(Number));
  const mask = Buffer.concat([cookie, transactionId]);
  const value = Buffer.alloc(4 + raw.length);
  value.writeUInt8(isIPv6(address) ? family.ipv6 : family.ipv4, 1);
  value.writeUInt16BE(port ^ (magicCookie >>> 16), 2);
  for (const [index, byte] of raw.entries()) value.writeUInt8(byte ^ mask[index]!, 4 + index);
  return value;
}

function encodeMessage(
  type: number,
  transactionId: Buffer,
  attributes: Attribute[],
  integrityKey: Buffer | null,
): Buffer {
  const header = (bodyLength: number): Buffer => {
    const head = Buffer.alloc(headerLength);
    head.writeUInt16BE(type, 0);
    head.writeUInt16BE(bodyLength, 2);
    head.writeUInt32BE(magicCookie, 4);
    transactionId.copy(head, 8);
    return head;
  };
  let body = Buffer.concat(attributes.map(encodeAttribute));
  if (integrityKey) {
    // The HMAC covers the message up to MESSAGE-INTEGRITY, its length already counting that attribute.
    const hmac = createHmac('sha1', integrityKey)
      .update(Buffer.concat([header(body.length + 24), body]))
      .digest();
    body = Buffer.concat([body, encodeAttribute({ type: attribute.messageIntegrity, value: hmac })]);
  }
  const fingerprint = Buffer.alloc(4);
  fingerprint.writeUInt32BE((crc32(Buffer.concat([header(body.length + 8), body])) ^ 0x5354554e) >>> 0, 0);
  body = Buffer.concat([body, encodeAttribute({ type: attribute.fingerprint, value: fingerprint })]);
  return Buffer.concat([header(body.length), body]);
}

function decodeMessage(
  bytes: Buffer,
): { type: number; transactionId: Buffer; attributes: Attribute[] } | null {
  if (bytes.length < headerLength || bytes.readUInt32BE(4) !== magicCookie) return null;
  const length = bytes.readUInt16BE(2);
  const attributes: Attribute[] = [];
  let offset = headerLength;
  while (offset + 4 <= headerLength + length && offset + 4 <= bytes.length) {
    const type = bytes.readUInt16BE(offset);
    const size = bytes.readUInt16BE(offset + 2);
    attributes.push({ type, value: bytes.subarray(offset + 4, offset + 4 + size) });
    offset += 4 + size + ((4 - (size % 4)) % 4);
  }
  return { type: bytes.readUInt16BE(0), transactionId: bytes.subarray(8, 20), attributes };
}

function attributeValue(response: TurnResponse, type: number): Buffer | undefined {
  return response.attributes.find((item) => item.type === type)?.value;
}

/**
 * One caller of a TURN server over UDP (one 5-tuple, so one allocation at most), with TURN REST or any
 * long-term credentials.
 */
export class TurnClient {
  private readonly socket: Socket;
  private readonly pending = new Map<string, (response: TurnResponse) => void>();
  private realm = '';
  private nonce: Buffer = Buffer.alloc(0);

  constructor(
    private readonly server: { host: string; port: number },
    private readonly credentials: { username: string; credential: string },
  ) {
    this.socket = createSocket(isIPv6(server.host) ? 'udp6' : 'udp4');
    this.socket.on('message', (bytes) => {
      const message = decodeMessage(bytes);
      if (!message) return;
      const answer = this.pending.get(message.transactionId.toString('hex'));
      if (!answer) return;
      const errorCode = message.attributes.find((item) => item.type === attribute.errorCode)?.value;
      answer({
        success: (message.type & 0x110) === messageClass.success,
        code: errorCode ? errorCode.readUInt8(2) * 100 + errorCode.readUInt8(3) : null,
        reason: errorCode ? errorCode.subarray(4).toString('utf8') : '',
        attributes: message.attributes,
      });
    });
  }

  private get integrityKey(): Buffer {
    const { username, credential } = this.credentials;
    return createHash('md5').update(`${username}:${this.realm}:${credential}`).digest();
  }

  /** Sends a request and waits for its answer, sending it again now and then (UDP may drop either). */
  private async send(type: number, attributes: (transactionId: Buffer) => Attribute[], signed: boolean) {
    const transactionId = randomBytes(12);
    const authentication: Attribute[] = signed
      ? [
          { type: attribute.username, value: Buffer.from(this.credentials.username) },
          { type: attribute.realm, value: Buffer.from(this.realm) },
          { type: attribute.nonce, value: this.nonce },
        ]
      : [];
    const bytes = encodeMessage(
      type,
      transactionId,
      [...attributes(transactionId), ...authentication],
      signed ? this.integrityKey : null,
    );
    const key = transactionId.toString('hex');
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise<TurnResponse>((resolve, reject) => {
        this.pending.set(key, resolve);
        let tries = 0;
        const attempt = () => {
          tries += 1;
          if (tries > 7) {
            reject(new Error(`no answer from the TURN server at ${this.server.host}:${this.server.port}`));
            return;
          }
          this.socket.send(bytes, this.server.port, this.server.host);
          timer = setTimeout(attempt, 500);
        };
        attempt();
      });
    } finally {
      clearTimeout(timer);
      this.pending.delete(key);
    }
  }

  /** A signed request; a first answer 401 (no nonce yet) or 438 (stale nonce) brings the realm and nonce. */
  private async signed(requestMethod: number, attributes: (transactionId: Buffer) => Attribute[]) {
    const first = await this.send(requestMethod | messageClass.request, attributes, this.nonce.length > 0);
    if (first.code !== 401 && first.code !== 438) return first;
    this.realm = attributeValue(first, attribute.realm)?.toString('utf8') ?? this.realm;
    this.nonce = attributeValue(first, attribute.nonce) ?? this.nonce;
    return this.send(requestMethod | messageClass.request, attributes, true);
  }

  /** Allocate a UDP relay of the given family (RFC 6156 REQUESTED-ADDRESS-FAMILY). */
  async allocate(
    addressFamily: 'IPv4' | 'IPv6',
  ): Promise<TurnResponse & { relayFamily: 'IPv4' | 'IPv6' | null }> {
    const response = await this.signed(method.allocate, () => [
      { type: attribute.requestedTransport, value: Buffer.from([udpProtocol, 0, 0, 0]) },
      {
        type: attribute.requestedAddressFamily,
        value: Buffer.from([addressFamily === 'IPv6' ? family.ipv6 : family.ipv4, 0, 0, 0]),
      },
    ]);
    const relayed = attributeValue(response, attribute.xorRelayedAddress);
    const relayFamily = relayed ? (relayed.readUInt8(1) === family.ipv6 ? 'IPv6' : 'IPv4') : null;
    return { ...response, relayFamily };
  }

  /** Ask that the relay may exchange packets with `peer` (nothing is sent to the peer). */
  async createPermission(peer: string): Promise<TurnResponse> {
    return this.signed(method.createPermission, (transactionId) => [
      { type: attribute.xorPeerAddress, value: xorAddress(peer, 9, transactionId) },
    ]);
  }

  close(): void {
    this.socket.close();
  }
}
