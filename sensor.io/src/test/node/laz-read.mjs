// Decodes a LAZ file with the `laz-perf` package (LASzip's decoder compiled to WASM): every point record in turn.
// Prints key=value lines: count, format, length and the sha256 of all decoded point records concatenated.
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { createLazPerf } from "laz-perf";

const bytes = new Uint8Array(readFileSync(process.argv[2]));
const LazPerf = await createLazPerf();
const file = LazPerf._malloc(bytes.length);
LazPerf.HEAPU8.set(bytes, file);
const reader = new LazPerf.LASZip();
reader.open(file, bytes.length);
const count = reader.getCount();
const length = reader.getPointLength();
const point = LazPerf._malloc(length);
const hash = createHash("sha256");
for (let i = 0; i < count; i++) {
  reader.getPoint(point);
  hash.update(LazPerf.HEAPU8.subarray(point, point + length)); // HEAPU8 read anew: the heap may have grown
}
console.log(`count=${count}`);
console.log(`format=${reader.getPointFormat()}`);
console.log(`length=${length}`);
console.log(`sha256=${hash.digest("hex")}`);
reader.delete();
LazPerf._free(point);
LazPerf._free(file);
