// Prints, for each topic named after the file, the CRC-32 of every message's bytes in log-time order (hex, space
// separated) and the first message's bytes (hex), read with the official @mcap/core indexed reader.
import { readFileSync } from "node:fs";
import { McapIndexedReader } from "@mcap/core";
import zstd from "@foxglove/wasm-zstd";

const [file, ...topics] = process.argv.slice(2);
const bytes = new Uint8Array(readFileSync(file));
await zstd.isLoaded;
const table = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data) => {
  let c = 0xffffffff;
  for (const b of data) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
  return ((c ^ 0xffffffff) >>> 0).toString(16).padStart(8, "0");
};
const reader = await McapIndexedReader.Initialize({
  readable: { size: async () => BigInt(bytes.length), read: async (o, s) => bytes.subarray(Number(o), Number(o + s)) },
  decompressHandlers: { zstd: (buffer, size) => zstd.decompress(buffer, Number(size)) },
});
for (const topic of topics) {
  const crcs = [];
  for await (const m of reader.readMessages({ topics: [topic] })) crcs.push(crc32(m.data));
  console.log(`crc.${topic}=${crcs.join(" ")}`);
}
