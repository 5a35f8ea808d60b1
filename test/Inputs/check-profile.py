"""Checks an sdfg-run --profile JSON report against its SDFG's view ids:
every element is a state or a map entry with a non-negative time, the
report is sorted slowest first, and a state takes at least as long as the
maps at its top (they run inside it). Prints `KIND LABEL ENTRIES` per
element, sorted.
python3 check-profile.py report.json"""
import json
import sys

report = json.load(open(sys.argv[1]))
elements = report["elements"]
times = [e["seconds"] for e in elements]
if times != sorted(times, reverse=True):
    sys.exit("not sorted slowest first")
by_id = {e["id"]: e for e in elements}
for e in elements:
    if e["kind"] not in ("state", "map-entry") or e["seconds"] < 0:
        sys.exit(f"bad element {e}")
    if e["kind"] == "map-entry":
        state = by_id.get(e["id"].rsplit("/", 1)[0])
        if state is None:
            sys.exit(f"{e['id']}: its state has no time")
        if state["seconds"] < e["seconds"]:
            sys.exit(f"{e['id']} took longer than its state")
for line in sorted(f"{e['kind']} {e['label']} {e['entries']}" for e in elements):
    print(line)
