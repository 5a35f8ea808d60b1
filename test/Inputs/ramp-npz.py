"""Writes the inputs and expected outputs of vec_add for N elements
(a = 0, 1, 2, ...; b = 2a; c = a + b) as .npz files, without NumPy:
python3 ramp-npz.py N in.npz expected.npz"""
import array
import sys
import zipfile


def npy(values, descr="<f8", shape=None):
    """An array of doubles (int64 for '<i8'; with '<c16', complex numbers as
    pairs), 1-D unless `shape` is given."""
    count = len(values) // (2 if descr == "<c16" else 1)
    dims = "".join("%d," % d for d in (shape or (count,)))
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode() + values.tobytes()


def write(path, arrays, complex_names=(), shapes=None):
    """Arrays by name: array('d') (complex when named in complex_names) or
    array('q'); shapes by name where not 1-D."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        for name, values in arrays.items():
            descr = "<c16" if name in complex_names else "<i8" if values.typecode == "q" else "<f8"
            z.writestr(name + ".npy", npy(values, descr, (shapes or {}).get(name)))


if __name__ == "__main__":
    n = int(sys.argv[1])
    a = array.array("d", range(n))
    b = array.array("d", (2.0 * x for x in range(n)))
    c = array.array("d", (3.0 * x for x in range(n)))
    zero = array.array("d", bytes(8 * n))
    write(sys.argv[2], {"a": a, "b": b, "c": zero})
    write(sys.argv[3], {"out.a": a, "out.b": b, "out.c": c})
