#!/usr/bin/env python3
"""A replay fixture standing in for an LLM endpoint in the solar translate
tests. It is NOT a model: it serves recorded responses, in order, from a
scenario file, and logs every request it receives.

    replay_server.py SCENARIO.json --log LOG.jsonl [--port-file F]
                     [--lifetime S] [-- COMMAND ARGS...]

With a COMMAND the server starts on an ephemeral port of 127.0.0.1 (the
port is written to --port-file), runs the command with every "@URL@" in its
arguments replaced by http://127.0.0.1:PORT/v1, stops, and exits with the
command's status (124 when it outlives --lifetime). Without one it serves
until it has answered every scenario response or --lifetime (default 60 s)
has passed.

Scenario:
    {"format": "openai" | "anthropic",
     "responses": [
        {"status": 200, "reply_file": "reply.md"},   # wrapped in the provider's JSON
        {"status": 200, "reply": "inline text"},
        {"status": 429, "headers": {"Retry-After": "1"},
         "body": {"error": {"message": "rate limited"}}},   # verbatim JSON
        {"status": 500, "body_text": "oops"},               # verbatim text
        {"delay": 3, ...}                                    # seconds before answering
     ]}
A request that does not fit the format (wrong path, missing Anthropic
headers, body not JSON) gets a 404/400, and one past the end of the list a
410: both fail the test loudly.

Log: one JSON object per line: index (1-based), method, path, headers
(lower-case names), body (parsed JSON, or the raw text), status served.
"""
import argparse
import json
import os
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit


def provider_body(fmt, text, index):
    if fmt == "anthropic":
        return {"id": f"msg_replay_{index}", "type": "message",
                "role": "assistant", "model": "replay",
                "content": [{"type": "text", "text": text}],
                "stop_reason": "end_turn", "stop_sequence": None,
                "usage": {"input_tokens": 1, "output_tokens": 1}}
    return {"id": f"chatcmpl-replay-{index}", "object": "chat.completion",
            "created": 0, "model": "replay",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": text}}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1,
                      "total_tokens": 2}}


class Replay:
    def __init__(self, scenario_path, log_path):
        with open(scenario_path, encoding="utf-8") as f:
            scenario = json.load(f)
        self.dir = os.path.dirname(os.path.abspath(scenario_path))
        self.format = scenario.get("format", "openai")
        self.responses = scenario["responses"]
        self.log_path = log_path
        self.lock = threading.Lock()
        self.count = 0
        self.done = threading.Event()
        open(log_path, "w").close()

    def next_index(self):
        with self.lock:
            self.count += 1
            if self.count >= len(self.responses):
                self.done.set()
            return self.count

    def log(self, entry):
        with self.lock:
            with open(self.log_path, "a", encoding="utf-8") as f:
                f.write(json.dumps(entry, sort_keys=True) + "\n")

    def problem(self, path, headers, body):
        suffix = "/messages" if self.format == "anthropic" else "/chat/completions"
        # The endpoint's path, without the query a gateway may want.
        if not urlsplit(path).path.endswith(suffix):
            return 404, f"replay: {self.format} requests go to */v1{suffix}, not {path}"
        if self.format == "anthropic" and "anthropic-version" not in headers:
            return 400, "replay: anthropic-version header missing"
        if not isinstance(body, dict) or "messages" not in body or "model" not in body:
            return 400, "replay: the body is not a chat request"
        return None

    def response(self, index):
        if index > len(self.responses):
            return 0, 410, {}, json.dumps(
                {"error": {"message": "replay scenario exhausted"}})
        entry = self.responses[index - 1]
        status = entry.get("status", 200)
        if "reply_file" in entry:
            with open(os.path.join(self.dir, entry["reply_file"]), encoding="utf-8") as f:
                text = json.dumps(provider_body(self.format, f.read(), index))
        elif "reply" in entry:
            text = json.dumps(provider_body(self.format, entry["reply"], index))
        elif "body" in entry:
            text = json.dumps(entry["body"])
        else:
            text = entry.get("body_text", "")
        return entry.get("delay", 0), status, entry.get("headers", {}), text


def make_handler(replay):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):  # keep stderr for the test's output
            pass

        def do_POST(self):
            index = replay.next_index()
            length = int(self.headers.get("Content-Length", 0))
            raw = self.rfile.read(length).decode("utf-8", "replace")
            try:
                body = json.loads(raw)
            except ValueError:
                body = raw
            headers = {k.lower(): v for k, v in self.headers.items()}
            problem = replay.problem(self.path, headers, body)
            if problem:
                delay, extra = 0, {}
                status, text = problem[0], json.dumps({"error": {"message": problem[1]}})
            else:
                delay, status, extra, text = replay.response(index)
            replay.log({"index": index, "method": "POST", "path": self.path,
                        "headers": headers, "body": body, "status": status})
            if delay:
                time.sleep(delay)
            data = text.encode("utf-8")
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in extra.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout tests)

    return Handler


def main(argv):
    if "--" in argv:
        split = argv.index("--")
        argv, command = argv[:split], argv[split + 1:]
    else:
        command = []
    parser = argparse.ArgumentParser(prog="replay_server")
    parser.add_argument("scenario")
    parser.add_argument("--log", required=True)
    parser.add_argument("--port-file")
    parser.add_argument("--lifetime", type=float, default=60)
    args = parser.parse_args(argv)
    replay = Replay(args.scenario, args.log)
    server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(replay))
    server.daemon_threads = True
    port = server.server_address[1]
    if args.port_file:
        with open(args.port_file, "w") as f:
            f.write(f"{port}\n")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    status = 0
    try:
        if command:
            url = f"http://127.0.0.1:{port}/v1"
            try:
                status = subprocess.run([a.replace("@URL@", url) for a in command],
                                        timeout=args.lifetime).returncode
            except subprocess.TimeoutExpired:
                print(f"replay_server: the command outlived {args.lifetime} s",
                      file=sys.stderr)
                status = 124
        else:
            replay.done.wait(args.lifetime)
            time.sleep(0.2)  # let the last reply go out
    finally:
        server.shutdown()
        server.server_close()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
