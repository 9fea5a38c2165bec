// Reads an MCAP file that may still be growing (or was cut off by a crash) as a live reader does: @mcap/core's
// McapStreamReader over the bytes present, CRCs checked, up to the last complete record. Prints key=value lines:
// messages (from complete chunks), footer (whether the file is complete), and per topic its count.
import { readFileSync } from "node:fs";
import { McapStreamReader } from "@mcap/core";
import zstd from "@foxglove/wasm-zstd";

await zstd.isLoaded;
const bytes = new Uint8Array(readFileSync(process.argv[2]));
const stream = new McapStreamReader({
  validateCrcs: true,
  decompressHandlers: { zstd: (buffer, size) => zstd.decompress(buffer, Number(size)) },
});
stream.append(bytes);
const topics = new Map(), counts = new Map();
let record, messages = 0, footer = false;
while ((record = stream.nextRecord())) {
  if (record.type === "Channel") topics.set(record.id, record.topic);
  else if (record.type === "Message") {
    messages++;
    const t = topics.get(record.channelId);
    counts.set(t, (counts.get(t) ?? 0) + 1);
  } else if (record.type === "Footer") footer = true;
}
console.log(`messages=${messages}`);
console.log(`footer=${footer}`);
for (const [t, n] of counts) console.log(`count.${t}=${n}`);
