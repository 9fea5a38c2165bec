// A Foxglove WebSocket viewer (@foxglove/ws-protocol's FoxgloveClient over the ws package): connects to the URL,
// subscribes to every advertised channel, decodes each message with @foxglove/rosmsg2-serialization and prints
// key=value lines: "ready" once subscribed to the topic named second, then per message on it
// "recv=<topic> <wall ms at receipt> <header stamp ns or -> <points or ->"; it ends after COUNT such messages
// (third argument) or 60 s.
import wsProtocol from "@foxglove/ws-protocol"; // CommonJS: named exports through the default
import { parse as parseMessageDefinition } from "@foxglove/rosmsg";
import { MessageReader } from "@foxglove/rosmsg2-serialization";
import WebSocket from "ws";

const { FoxgloveClient } = wsProtocol;
const [url, watched, count] = [process.argv[2], process.argv[3], Number(process.argv[4])];
const out = (k, v) => console.log(`${k}=${v}`);
const client = new FoxgloveClient({ ws: new WebSocket(url, [FoxgloveClient.SUPPORTED_SUBPROTOCOL]) });
const bySubscription = new Map();
let received = 0;
const done = () => { out("received", received); process.exit(0); };
setTimeout(done, 60_000);
client.on("serverInfo", (info) => out("server", info.name));
client.on("error", (e) => { out("error", e.message ?? e); });
client.on("advertise", (channels) => {
  for (const ch of channels) {
    const reader = new MessageReader(parseMessageDefinition(ch.schema, { ros2: true }));
    const id = client.subscribe(ch.id);
    bySubscription.set(id, { topic: ch.topic, reader });
    out("advertised", `${ch.topic} ${ch.schemaName} ${ch.encoding}`);
    if (ch.topic === watched) out("ready", ch.topic);
  }
});
client.on("message", ({ subscriptionId, timestamp, data }) => {
  const now = Date.now();
  const sub = bySubscription.get(subscriptionId);
  const msg = sub.reader.readMessage(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  if (sub.topic !== watched) return;
  const stamp = msg.header ? BigInt(msg.header.stamp.sec) * 1_000_000_000n + BigInt(msg.header.stamp.nanosec) : "-";
  out("recv", `${sub.topic} ${now} ${timestamp} ${stamp} ${msg.width ?? "-"}`);
  if (++received >= count) done();
});
