"""Writes a mutated copy of a `.sdfg` JSON file, for the error tests.

usage: mutate-sdfg.py IN OUT STATEMENT...

Each STATEMENT is a Python statement run with the parsed document bound to
`d` (e.g. `d["nodes"][1]["nodes"][0]["type"] = "Bogus"`). The result is
written with indent 2 like DaCe writes it.
"""
import json
import sys

src, dst, *statements = sys.argv[1:]
with open(src) as f:
    d = json.load(f)
for s in statements:
    exec(s, {"d": d})
with open(dst, "w") as f:
    json.dump(d, f, indent=2)
    f.write("\n")
