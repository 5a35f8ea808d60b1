"""Checks a page of sdfg-translate --export-html: every drawn element
(data-sdfg-kind with a non-empty data-sdfg-id) has its properties in the
page's JSON, the page loads nothing from the network, and the script's
JSON parses. Prints the elements per kind, sorted.
python3 check-html.py page.html"""
import collections
import json
import re
import sys

page = open(sys.argv[1], encoding="utf-8").read()
drawn = re.findall(r'data-sdfg-kind="([a-z-]+)" data-sdfg-id="([^"]+)"', page)
props = json.loads(re.search(r'<script id="sdfg-properties" type="application/json">(.*?)</script>', page, re.S).group(1))
missing = [i for _, i in drawn if i not in props]
if missing:
    sys.exit(f"no properties for {missing[:5]}")
fetched = re.findall(r'(?:src|href)="(?:https?:)?//', page)
if fetched:
    sys.exit(f"the page loads {len(fetched)} resources from the network")
for kind, n in sorted(collections.Counter(k for k, _ in drawn).items()):
    print(n, kind)
