// Reads an MCAP file with the official @mcap/core readers (zstd chunks through @foxglove/wasm-zstd) and decodes
// messages with @foxglove/rosmsg + @foxglove/rosmsg2-serialization. Prints key=value lines.
import { readFileSync } from "node:fs";
import { McapIndexedReader, McapStreamReader } from "@mcap/core";
import { parse as parseMessageDefinition } from "@foxglove/rosmsg";
import { MessageReader } from "@foxglove/rosmsg2-serialization";
import zstd from "@foxglove/wasm-zstd";

const bytes = new Uint8Array(readFileSync(process.argv[2]));
const out = (k, v) => console.log(`${k}=${v}`);
await zstd.isLoaded;
const decompressHandlers = { zstd: (buffer, size) => zstd.decompress(buffer, Number(size)) };
const readerFor = new Map(); // schema id → rosmsg2 reader
const decode = (schema, data) => {
  let reader = readerFor.get(schema.id);
  if (!reader) {
    reader = new MessageReader(parseMessageDefinition(new TextDecoder().decode(schema.data), { ros2: true }));
    readerFor.set(schema.id, reader);
  }
  return reader.readMessage(data);
};

// 1. indexed reader: header, footer, summary (with CRC check), statistics, then every message through the
//    chunk and message indexes, each decoded; per topic: count and whether log times are monotonic
const readable = {
  size: async () => BigInt(bytes.length),
  read: async (offset, size) => bytes.subarray(Number(offset), Number(offset + size)),
};
const indexed = await McapIndexedReader.Initialize({ readable, decompressHandlers });
out("profile", indexed.header.profile);
out("library", indexed.header.library);
const st = indexed.statistics;
out("statistics.messageCount", st.messageCount);
out("statistics.schemaCount", st.schemaCount);
out("statistics.channelCount", st.channelCount);
out("statistics.messageStartTime", st.messageStartTime);
out("statistics.messageEndTime", st.messageEndTime);
out("statistics.metadataCount", st.metadataCount);
out("summary.metadataIndexes", indexed.metadataIndexes.map((m) => m.name).join(" "));
out("statistics.chunkCount", st.chunkCount);
out("summary.chunkIndexes", indexed.chunkIndexes.length);
out("summary.compression", [...new Set(indexed.chunkIndexes.map((c) => c.compression || "none"))].join(" "));
for (const [id, ch] of indexed.channelsById) {
  const schema = indexed.schemasById.get(ch.schemaId);
  out(`summary.channel.${ch.topic}`, `${schema.name} ${schema.encoding} ${ch.messageEncoding} ${st.channelMessageCounts.get(id)}`);
}
const indexedCounts = new Map(), indexedLast = new Map(), monotonic = new Map(), lastMsg = new Map();
let decoded = 0;
for await (const m of indexed.readMessages()) {
  const ch = indexed.channelsById.get(m.channelId);
  const msg = decode(indexed.schemasById.get(ch.schemaId), m.data);
  decoded++;
  indexedCounts.set(ch.topic, (indexedCounts.get(ch.topic) ?? 0) + 1);
  if (indexedLast.has(ch.topic) && m.logTime <= indexedLast.get(ch.topic)) monotonic.set(ch.topic, false);
  else if (!monotonic.has(ch.topic)) monotonic.set(ch.topic, true);
  indexedLast.set(ch.topic, m.logTime);
  lastMsg.set(ch.topic, msg);
}
out("indexed.decoded", decoded);
for (const [topic, n] of indexedCounts) out(`indexed.count.${topic}`, n);
for (const [topic, ok] of monotonic) out(`indexed.monotonic.${topic}`, ok);
// the last message of each non-point topic, flattened: last.<topic>.<field path>=<value> (arrays as space-separated)
const flatten = (prefix, v) => {
  if (v === null || v === undefined || v instanceof Uint8Array) return;
  if (Array.isArray(v) || ArrayBuffer.isView(v)) {
    if (v.length > 0 && typeof v[0] === "object") v.forEach((x, i) => flatten(`${prefix}.${i}`, x));
    else out(prefix, [...v].join(" "));
  } else if (typeof v === "object") for (const [k, x] of Object.entries(v)) flatten(`${prefix}.${k}`, x);
  else out(prefix, v);
};
for (const [topic, msg] of lastMsg) if (!topic.endsWith("/points")) flatten(`last.${topic}`, msg);

// 2. stream reader (validates CRCs): every record of the file
const stream = new McapStreamReader({ validateCrcs: true, decompressHandlers });
stream.append(bytes);
const channels = new Map(), schemas = new Map(), counts = new Map(), first = new Map();
let record, dataEnd = false, footer = false, lastLogTime = -1n, ordered = true, metadata = 0;
while ((record = stream.nextRecord())) {
  switch (record.type) {
    case "Schema": schemas.set(record.id, record); break;
    case "Channel": channels.set(record.id, record); break;
    case "Metadata": out(`metadata.${metadata++}`, `${record.name} ${[...record.metadata].map(([k, v]) => `${k}=${v}`).join(",")}`); break;
    case "DataEnd": dataEnd = true; break;
    case "Footer": footer = true; break;
    case "Message": {
      const ch = channels.get(record.channelId);
      counts.set(ch.topic, (counts.get(ch.topic) ?? 0) + 1);
      if (record.logTime < lastLogTime) ordered = false;
      lastLogTime = record.logTime;
      if (!first.has(ch.topic)) {
        const schema = schemas.get(ch.schemaId);
        first.set(ch.topic, { schema: schema.name, msg: decode(schema, record.data), seq: record.sequence });
      }
      break;
    }
  }
}
out("stream.done", stream.done());
out("stream.dataEnd", dataEnd);
out("stream.footer", footer);
out("stream.logTimeOrdered", ordered);
for (const [topic, n] of counts) out(`count.${topic}`, n);
const FIELD_READ = { 1: "getInt8", 2: "getUint8", 3: "getInt16", 4: "getUint16", 5: "getInt32", 6: "getUint32", 7: "getFloat32", 8: "getFloat64" };
for (const [topic, { schema, msg }] of first) {
  out(`first.${topic}.schema`, schema);
  if (msg.header) {
    out(`first.${topic}.stamp`, `${msg.header.stamp.sec} ${msg.header.stamp.nanosec}`);
    out(`first.${topic}.frame_id`, msg.header.frame_id);
  }
  if (schema === "sensor_msgs/msg/PointCloud2") {
    out(`first.${topic}.size`, `${msg.height} ${msg.width} ${msg.point_step} ${msg.row_step} ${msg.data.length}`);
    out(`first.${topic}.dense`, `${msg.is_dense} ${msg.is_bigendian}`);
    out(`first.${topic}.fields`, msg.fields.map((f) => `${f.name}:${f.offset}:${f.datatype}:${f.count}`).join(" "));
    const dv = new DataView(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength);
    for (let i = 0; i < Math.min(3, msg.width); i++) {
      const vals = msg.fields.map((f) => dv[FIELD_READ[f.datatype]](i * msg.point_step + f.offset, true));
      out(`first.${topic}.point.${i}`, vals.join(" "));
    }
  } else if (schema === "sensor_msgs/msg/Imu") {
    const v = (q) => `${q.x} ${q.y} ${q.z}`;
    out(`first.${topic}.orientation`, `${v(msg.orientation)} ${msg.orientation.w}`);
    out(`first.${topic}.orientation_covariance0`, msg.orientation_covariance[0]);
    out(`first.${topic}.angular_velocity`, v(msg.angular_velocity));
    out(`first.${topic}.angular_velocity_covariance0`, msg.angular_velocity_covariance[0]);
    out(`first.${topic}.linear_acceleration`, v(msg.linear_acceleration));
    out(`first.${topic}.linear_acceleration_covariance0`, msg.linear_acceleration_covariance[0]);
  }
}
