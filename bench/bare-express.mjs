/**
 * The benchmarks' floor: a bare Express app in a process of its own, nothing but one route.
 *   node bench/bare-express.mjs <port>
 * bench/lib.mjs's startBareExpress() starts it next to the app and measures it in the same run.
 */
import express from "express";

const port = Number(process.argv[2] ?? process.env.PORT ?? 3952);
const app = express();
app.get("/", (req, res) => res.send("<p>hello</p>"));
app.listen(port, "127.0.0.1", () => console.log(`bare Express listening on ${port}`));
process.on("SIGTERM", () => process.exit(0));
