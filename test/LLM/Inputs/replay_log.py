#!/usr/bin/env python3
"""Reads the request log of replay_server.py for FileCheck.

    replay_log.py LOG count               number of requests received
    replay_log.py LOG summary             per request: index, path, message roles
    replay_log.py LOG message N I         content of message I (python index,
                                          -1 = last) of request N (1-based)
    replay_log.py LOG field N KEY         top-level body field of request N
    replay_log.py LOG header N NAME       header NAME of request N (or <none>)
"""
import json
import sys


def main(argv):
    with open(argv[0], encoding="utf-8") as f:
        requests = [json.loads(line) for line in f if line.strip()]
    what = argv[1]
    if what == "count":
        print(f"requests: {len(requests)}")
        return 0
    if what == "summary":
        for r in requests:
            body = r["body"] if isinstance(r["body"], dict) else {}
            roles = ",".join(m.get("role", "?") for m in body.get("messages", []))
            print(f"request {r['index']}: {r['path']} -> {r['status']} [{roles}]")
        return 0
    request = requests[int(argv[2]) - 1]
    if what == "message":
        print(request["body"]["messages"][int(argv[3])]["content"])
    elif what == "field":
        print(json.dumps(request["body"].get(argv[3])))
    elif what == "header":
        print(request["headers"].get(argv[3].lower(), "<none>"))
    else:
        print(f"replay_log: unknown query {what}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
