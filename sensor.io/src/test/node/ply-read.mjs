// Reads a PLY file with @loaders.gl/ply. Prints key=value lines.
import { readFileSync } from "node:fs";
import { parse } from "@loaders.gl/core";
import { PLYLoader } from "@loaders.gl/ply";

const buf = readFileSync(process.argv[2]);
const mesh = await parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength), PLYLoader, { worker: false });
const out = (k, v) => console.log(`${k}=${v}`);
out("format", mesh.loaderData.format);
out("elements", mesh.loaderData.elements.map((e) => `${e.name}:${e.count}:${e.properties.map((p) => `${p.type}/${p.name}`).join(",")}`).join(" "));
out("vertexCount", mesh.header.vertexCount);
out("attributes", Object.keys(mesh.attributes).sort().join(" "));
const pos = mesh.attributes.POSITION.value;
const extra = mesh.loaderData.elements[0].properties.map((p) => p.name).filter((k) => !"xyz".includes(k) && mesh.attributes[k]);
for (let i = 0; i < Math.min(3, mesh.header.vertexCount); i++) {
  const e = extra.map((k) => mesh.attributes[k].value[i]);
  out(`point.${i}`, [pos[3 * i], pos[3 * i + 1], pos[3 * i + 2], ...e].join(" "));
}
