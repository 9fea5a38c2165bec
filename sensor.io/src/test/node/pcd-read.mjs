// Reads a PCD file with @loaders.gl/pcd. Prints key=value lines.
import { readFileSync } from "node:fs";
import { parse } from "@loaders.gl/core";
import { PCDLoader } from "@loaders.gl/pcd";

const buf = readFileSync(process.argv[2]);
const mesh = await parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength), PCDLoader, { worker: false });
const h = mesh.loaderData;
const out = (k, v) => console.log(`${k}=${v}`);
out("version", h.version);
out("data", h.data);
out("fields", h.fields.join(" "));
out("size", h.size.join(" "));
out("type", h.type.join(" "));
out("count", h.count.join(" "));
out("width", h.width);
out("height", h.height);
out("viewpoint", h.viewpoint);
out("points", h.points);
out("vertexCount", mesh.header.vertexCount);
const pos = mesh.attributes.POSITION.value;
out("positions", pos.length / 3);
for (let i = 0; i < Math.min(3, pos.length / 3); i++) out(`point.${i}`, `${pos[3 * i]} ${pos[3 * i + 1]} ${pos[3 * i + 2]}`);
