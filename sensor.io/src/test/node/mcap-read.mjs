// Reads an MCAP file with the official @mcap/core reader and decodes the first message of each channel
// with @foxglove/rosmsg + @foxglove/rosmsg2-serialization. Prints key=value lines.
import { readFileSync } from "node:fs";
import { McapIndexedReader, McapStreamReader } from "@mcap/core";
import { parse as parseMessageDefinition } from "@foxglove/rosmsg";
import { MessageReader } from "@foxglove/rosmsg2-serialization";

const bytes = new Uint8Array(readFileSync(process.argv[2]));
const out = (k, v) => console.log(`${k}=${v}`);

// 1. indexed reader: header, footer, summary (with CRC check), statistics
const readable = {
  size: async () => BigInt(bytes.length),
  read: async (offset, size) => bytes.subarray(Number(offset), Number(offset + size)),
};
const indexed = await McapIndexedReader.Initialize({ readable });
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
for (const [id, ch] of indexed.channelsById) {
  const schema = indexed.schemasById.get(ch.schemaId);
  out(`summary.channel.${ch.topic}`, `${schema.name} ${schema.encoding} ${ch.messageEncoding} ${st.channelMessageCounts.get(id)}`);
}

// 2. stream reader (validates CRCs): every record of the file
const stream = new McapStreamReader({ validateCrcs: true });
stream.append(bytes);
const channels = new Map(), schemas = new Map(), readers = new Map(), counts = new Map(), first = new Map();
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
        let reader = readers.get(schema.id);
        if (!reader) {
          const defs = parseMessageDefinition(new TextDecoder().decode(schema.data), { ros2: true });
          reader = new MessageReader(defs);
          readers.set(schema.id, reader);
        }
        first.set(ch.topic, { schema: schema.name, msg: reader.readMessage(record.data), seq: record.sequence });
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
const FIELD_READ = { 2: "getUint8", 4: "getUint16", 7: "getFloat32", 8: "getFloat64" };
for (const [topic, { schema, msg }] of first) {
  out(`first.${topic}.schema`, schema);
  out(`first.${topic}.stamp`, `${msg.header.stamp.sec} ${msg.header.stamp.nanosec}`);
  out(`first.${topic}.frame_id`, msg.header.frame_id);
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
