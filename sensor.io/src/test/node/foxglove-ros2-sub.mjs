// A ROS 2 subscriber on the npm @foxglove/ros2 node (pure TypeScript RTPS, @foxglove/rtps), for the interoperability
// test: node foxglove-ros2-sub.mjs DOMAIN SECONDS OUTDIR ADDRESS rt/<topic>=points|imu ...
// Runs SECONDS from the first match. Prints the lines cyclone_peer prints: "matched <dds topic> <epoch ms>" once a
// topic's writer is discovered, then per sample "<dds topic> <epoch ns> <size> <crc32> <sec> <nanosec> <frame_id> <fields...>" (PointCloud2: width height
// point_step row_step data_length field_count is_dense name:offset:datatype:count...; Imu: orientation w x y z, angular
// velocity x y z, linear acceleration x y z), decoded by @foxglove/rosmsg2-serialization with the ROS 2 Jazzy message
// definitions of @foxglove/rosmsg-msgs-common; the first sample of each topic is written whole to OUTDIR/<index>.bin.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const { RosNode } = require("@foxglove/ros2");
const { UdpSocketNode } = require("@foxglove/ros2/nodejs");
const { ros2jazzy } = require("@foxglove/rosmsg-msgs-common");

const [domain, seconds, outDir, address, ...specs] = process.argv.slice(2);
const TYPES = { points: "sensor_msgs/msg/PointCloud2", imu: "sensor_msgs/msg/Imu" };

/** The definitions MessageReader needs: the root type first, then every type it uses, each once. */
function definitions(rosType) {
  const out = [], seen = new Set();
  const visit = (name, root) => {
    const key = name.replace("/msg/", "/");
    if (seen.has(key)) return;
    seen.add(key);
    const def = ros2jazzy[key];
    if (!def) throw new Error(`no definition of ${name}`);
    out.push(root ? { ...def, name: undefined } : def);
    for (const f of def.definitions) if (f.isComplex) visit(f.type, false);
  };
  visit(rosType, true);
  return out;
}

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return ((c ^ 0xffffffff) >>> 0).toString(16).padStart(8, "0");
}

const node = new RosNode({
  name: "foxglove_ros2_peer",
  domainId: Number(domain),
  addresses: [address],
  udpSocketCreate: UdpSocketNode.Create,
  log: process.env.RTPS_LOG ? { debug: (m) => console.error(m), info: (m) => console.error(m), warn: (m) => console.error(m),
    error: (m) => console.error(m) } : undefined,
});
await node.start();
const lines = [];
let flush;
let stop; // SECONDS after the first match (at most 120 s before one), as cyclone_peer
const finish = async () => {
  clearInterval(flush);
  if (lines.length) process.stdout.write(lines.splice(0).join("\n") + "\n");
  await node.shutdown();
  process.exit(0);
};
const matchedNow = (ddsTopic) => {
  lines.push(`matched ${ddsTopic} ${Date.now()}`);
  if (!stop) stop = setTimeout(finish, Number(seconds) * 1000);
};
setTimeout(finish, 120000);
specs.forEach((spec, index) => {
  const [ddsTopic, kind] = spec.split("=");
  const topic = "/" + ddsTopic.replace(/^rt\//, "");
  const sub = node.subscribe({ topic, dataType: TYPES[kind], msgDefinition: definitions(TYPES[kind]) });
  let matched = false, first = true;
  sub.on("message", (_timestamp, msg, data) => {
    const now = BigInt(Date.now()) * 1000000n;
    if (!matched) { // a sample before the discovery event (rtps emits them in either order)
      matched = true;
      matchedNow(ddsTopic);
    }
    if (first) {
      first = false;
      writeFileSync(join(outDir, `${index}.bin`), data);
    }
    const h = msg.header;
    let line = `${ddsTopic} ${now} ${data.length} ${crc32(data)} ${h.stamp.sec} ${h.stamp.nanosec ?? h.stamp.nsec} ${h.frame_id}`;
    if (kind === "points") {
      line += ` ${msg.width} ${msg.height} ${msg.point_step} ${msg.row_step} ${msg.data.length} ${msg.fields.length}`
        + ` ${msg.is_dense ? 1 : 0}` + msg.fields.map((f) => ` ${f.name}:${f.offset}:${f.datatype}:${f.count}`).join("");
    } else {
      const o = msg.orientation, w = msg.angular_velocity, a = msg.linear_acceleration;
      line += ` ${o.w} ${o.x} ${o.y} ${o.z} ${w.x} ${w.y} ${w.z} ${a.x} ${a.y} ${a.z}`;
    }
    lines.push(line);
  });
  node.on("discoveredPublication", (p) => {
    if (!matched && p.topicName === ddsTopic) {
      matched = true;
      matchedNow(ddsTopic);
    }
  });
});
flush = setInterval(() => { if (lines.length) process.stdout.write(lines.splice(0).join("\n") + "\n"); }, 200);
