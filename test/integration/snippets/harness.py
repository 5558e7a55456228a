"""Runs docs/snippets/python over the calls on stdin (JSON [{fn, args}]) and prints their results as JSON."""
import json
import os
import sys

sys.dont_write_bytecode = True  # keep docs/snippets/python free of __pycache__

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "docs", "snippets", "python"))
import hashes  # noqa: E402
import verify_callback  # noqa: E402

out = []
for call in json.load(sys.stdin):
    a = call["args"]
    if call["fn"] == "callback":  # [rawBody, header, secrets, now, password, payerEmail, algo]
        raw = a[0].encode("utf-8")
        fields = verify_callback.parse_callback(raw)
        out.append([verify_callback.verify_callback_signature(a[1], raw, a[2], a[3]), verify_callback.verify_callback_hash(fields, a[4], a[5], a[6])])
    else:
        out.append(getattr(hashes, call["fn"])(*a))
print(json.dumps(out))
