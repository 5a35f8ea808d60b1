"""Prints the first top-level `spirv.module` op of an MLIR file, which
`mlir-translate --no-implicit-module --serialize-spirv` takes alone."""
import sys

lines = open(sys.argv[1]).read().split("\n")
start = next(i for i, l in enumerate(lines) if l.lstrip().startswith("spirv.module"))
indent = lines[start][: len(lines[start]) - len(lines[start].lstrip())]
end = next(i for i in range(start + 1, len(lines)) if lines[i] == indent + "}")
print("\n".join(l[len(indent):] for l in lines[start : end + 1]))
