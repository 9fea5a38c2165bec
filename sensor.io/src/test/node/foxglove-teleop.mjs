// A Foxglove WebSocket client publishing like Foxglove's Teleop panel (@foxglove/ws-protocol's FoxgloveClient over the
// ws package): connects to the URL, checks that the server offers clientPublish, advertises TOPIC as a JSON
// geometry_msgs/msg/Twist channel, sends one message that does not decode, then publishes linear.x = V and
// angular.z = W at 20 Hz for SECONDS and exits. Prints key=value lines: "capabilities", "published=<count>".
import wsProtocol from "@foxglove/ws-protocol"; // CommonJS: named exports through the default
import WebSocket from "ws";

const { FoxgloveClient } = wsProtocol;
const [url, topic, v, w, seconds] = [process.argv[2], process.argv[3], Number(process.argv[4]), Number(process.argv[5]),
  Number(process.argv[6])];
const out = (k, val) => console.log(`${k}=${val}`);
const client = new FoxgloveClient({ ws: new WebSocket(url, [FoxgloveClient.SUPPORTED_SUBPROTOCOL]) });
const encoder = new TextEncoder();
setTimeout(() => { out("error", "timeout"); process.exit(1); }, 120_000);
client.on("error", (e) => out("error", e.message ?? e));
client.on("serverInfo", (info) => {
  out("capabilities", info.capabilities.join(","));
  out("encodings", (info.supportedEncodings ?? []).join(","));
  const channel = client.advertise({ topic, encoding: "json", schemaName: "geometry_msgs/msg/Twist" });
  client.sendMessage(channel, encoder.encode("{not json"));
  let published = 0;
  const timer = setInterval(() => {
    const twist = { linear: { x: v, y: 0, z: 0 }, angular: { x: 0, y: 0, z: w } };
    client.sendMessage(channel, encoder.encode(JSON.stringify(twist)));
    if (++published >= seconds * 20) {
      clearInterval(timer);
      out("published", published);
      setTimeout(() => process.exit(0), 200);
    }
  }, 50);
});
