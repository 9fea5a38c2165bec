// Checks every sensor_msgs/LaserScan of an MCAP file against the PointCloud2 of the same sensor logged at the same
// time, both decoded with @mcap/core and @foxglove/rosmsg2-serialization: each point (x, y, z FLOAT32 at offsets
// 0/4/8) lies at angle atan2(y, x) and range |p|; the LaserScan's ray nearest that angle must report that range.
// Prints key=value lines: scans, points compared, the largest range difference (m), rays without a point that
// report a finite range, and the fields of the last scan.
import { readFileSync } from "node:fs";
import { McapIndexedReader } from "@mcap/core";
import { parse as parseMessageDefinition } from "@foxglove/rosmsg";
import { MessageReader } from "@foxglove/rosmsg2-serialization";
import zstd from "@foxglove/wasm-zstd";

const bytes = new Uint8Array(readFileSync(process.argv[2]));
const out = (k, v) => console.log(`${k}=${v}`);
await zstd.isLoaded;
const readable = {
  size: async () => BigInt(bytes.length),
  read: async (offset, size) => bytes.subarray(Number(offset), Number(offset + size)),
};
const reader = await McapIndexedReader.Initialize({
  readable, decompressHandlers: { zstd: (buffer, size) => zstd.decompress(buffer, Number(size)) } });
const readers = new Map();
const decode = (schema, data) => {
  if (!readers.has(schema.id)) {
    readers.set(schema.id, new MessageReader(parseMessageDefinition(new TextDecoder().decode(schema.data), { ros2: true })));
  }
  return readers.get(schema.id).readMessage(data);
};
const clouds = new Map(), scans = [];
for await (const m of reader.readMessages()) {
  const ch = reader.channelsById.get(m.channelId), schema = reader.schemasById.get(ch.schemaId);
  if (schema.name === "sensor_msgs/msg/LaserScan") scans.push({ topic: ch.topic, time: m.logTime, msg: decode(schema, m.data) });
  else if (schema.name === "sensor_msgs/msg/PointCloud2") clouds.set(`${ch.topic} ${m.logTime}`, decode(schema, m.data));
}
let compared = 0, worst = 0, phantom = 0, last;
for (const s of scans) {
  const cloud = clouds.get(`${s.topic.replace(/\/scan$/, "/points")} ${s.time}`);
  if (!cloud) throw new Error(`no point cloud beside ${s.topic} at ${s.time}`);
  const msg = s.msg, seen = new Set();
  const view = new DataView(cloud.data.buffer, cloud.data.byteOffset, cloud.data.byteLength);
  const n = cloud.width * cloud.height;
  for (let i = 0; i < n; i++) {
    const x = view.getFloat32(i * cloud.point_step, true), y = view.getFloat32(i * cloud.point_step + 4, true),
      z = view.getFloat32(i * cloud.point_step + 8, true);
    const turn = 2 * Math.PI, inc = msg.angle_increment;
    let d = Math.atan2(y, x) - msg.angle_min;
    d = inc > 0 ? d - turn * Math.floor((d + Math.abs(inc) / 2) / turn) : d + turn * Math.floor((-d + Math.abs(inc) / 2) / turn);
    const ray = Math.round(d / inc);
    if (ray < 0 || ray >= msg.ranges.length) throw new Error(`point ${i} at ${Math.atan2(y, x)} rad lies outside the scan`);
    if (seen.has(ray)) continue; // a second return of one ray: the scan keeps the first
    seen.add(ray);
    worst = Math.max(worst, Math.abs(Math.hypot(x, y, z) - msg.ranges[ray]));
    compared++;
  }
  msg.ranges.forEach((r, i) => { if (!seen.has(i) && Number.isFinite(r)) phantom++; });
  last = s;
}
out("scans", scans.length);
out("compared", compared);
out("maxRangeDifference", worst);
out("finiteWithoutPoint", phantom);
if (last) {
  const m = last.msg;
  out("topic", last.topic);
  out("frame_id", m.header.frame_id);
  out("stamp", `${m.header.stamp.sec}.${String(m.header.stamp.nanosec).padStart(9, "0")}`);
  for (const k of ["angle_min", "angle_max", "angle_increment", "time_increment", "scan_time", "range_min", "range_max"]) out(k, m[k]);
  out("ranges.length", m.ranges.length);
  out("ranges.infinite", m.ranges.filter((r) => r === Infinity).length);
  out("intensities.length", m.intensities.length);
}
