// Reads a LAS 1.4 file with the `copc` package's LAS reader (header, VLRs, Extra Bytes, point view).
// Prints key=value lines.
import { readFileSync } from "node:fs";
import { Las } from "copc";

const bytes = new Uint8Array(readFileSync(process.argv[2]));
const get = async (begin, end) => bytes.subarray(begin, end);
const out = (k, v) => console.log(`${k}=${v}`);
const header = Las.Header.parse(bytes.subarray(0, Las.Constants.minHeaderLength));
out("version", `${header.majorVersion}.${header.minorVersion}`);
out("pointDataRecordFormat", header.pointDataRecordFormat);
out("pointDataRecordLength", header.pointDataRecordLength);
out("pointCount", header.pointCount);
out("pointCountByReturn", header.pointCountByReturn.join(" "));
out("headerLength", header.headerLength);
out("pointDataOffset", header.pointDataOffset);
out("globalEncoding", header.globalEncoding);
out("scale", header.scale.join(" "));
out("offset", header.offset.join(" "));
out("min", header.min.join(" "));
out("max", header.max.join(" "));
const vlrs = await Las.Vlr.walk(get, header);
out("vlrs", vlrs.map((v) => `${v.userId}/${v.recordId}`).join(" "));
const ebVlr = Las.Vlr.find(vlrs, "LASF_Spec", 4);
const eb = ebVlr ? Las.ExtraBytes.parse(await Las.Vlr.fetch(get, ebVlr)) : [];
out("extraBytes", eb.map((e) => `${e.name}:${e.type}:${e.length}`).join(" "));
const points = bytes.subarray(header.pointDataOffset, header.pointDataOffset + header.pointCount * header.pointDataRecordLength);
const view = Las.View.create(points, header, eb);
out("viewPointCount", view.pointCount);
out("dimensions", Object.keys(view.dimensions).join(" "));
const dims = ["X", "Y", "Z", "Intensity", "ReturnNumber", "NumberOfReturns", "GpsTime", ...eb.map((e) => e.name)];
const getters = dims.map((d) => view.getter(d));
for (let i = 0; i < Math.min(3, view.pointCount); i++) out(`point.${i}`, getters.map((g) => g(i)).join(" "));
