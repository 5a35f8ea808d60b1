"""Checks a page of sdfg-translate --export-html: every drawn element
(data-sdfg-kind with a non-empty data-sdfg-id) has its properties in its
viewer's JSON, the page loads nothing from the network, and every JSON
block parses. Prints the elements per kind, sorted.
python3 check-html.py page.html"""
import collections
import json
import re
import sys

page = open(sys.argv[1], encoding="utf-8").read()
drawn = []
for viewer in page.split('<div class="viewer">')[1:]:
    props = json.loads(re.search(r'<script class="sdfg-properties" type="application/json">(.*?)</script>', viewer, re.S).group(1))
    json.loads(re.search(r'<script class="sdfg-marks" type="application/json">(.*?)</script>', viewer, re.S).group(1))
    found = re.findall(r'data-sdfg-kind="([a-z-]+)" data-sdfg-id="([^"]+)"', viewer)
    missing = [i for _, i in found if i not in props]
    if missing:
        sys.exit(f"no properties for {missing[:5]}")
    drawn += found
fetched = re.findall(r'(?:src|href)="(?:https?:)?//', page)
if fetched:
    sys.exit(f"the page loads {len(fetched)} resources from the network")
for kind, n in sorted(collections.Counter(k for k, _ in drawn).items()):
    print(n, kind)
