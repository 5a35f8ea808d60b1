import numpy as np
import dace as dc

N, R, K, S, T = (dc.symbol(s, dtype=dc.int64) for s in ('N', 'R', 'K', 'S', 'T'))
M = R**K


@dc.program
def identity(A: dc.float64[N, N], out: dc.float64[N, N]):
    out[:] = A + 2 * np.eye(N, dtype=A.dtype) + np.eye(N, k=1)


@dc.program
def constants(x: dc.float64[N], out: dc.complex128[N]):
    out[:] = np.exp(-2.0j * np.pi * x / N) + np.e


@dc.program
def alias(x: dc.float64[R**K], out: dc.float64[M]):
    out[:] = x * 2


@dc.program
def squeeze(a: dc.float64[R, S], out: dc.float64[R, S, T]):
    for k in range(T):
        out[:, :, k] = np.reshape(a * k, (R, S, 1))


@dc.program
def masked(x: dc.float64[N]):
    np.power(x, -1.5, out=x, where=x > 0)


@dc.program
def outer(p: dc.float64[N, 3], out: dc.float64[N, N]):
    x = p[:, 0:1]
    out[:] = np.add.outer(-x, x)


@dc.program
def two(a: dc.float64[N]):
    s = np.sum(a)
    return s, a * 2


@dc.program
def unpack(a: dc.float64[N], s: dc.float64[2], d: dc.float64[N], e: dc.float64[N]):
    s[0], d[:] = two(a)
    x, y = a + 1, a * 3
    e[:] = x + y
    s[1] = 7


@dc.program
def view_write(a: dc.float64[N]):
    v = a.reshape(N, 1)
    v[0, 0] = 1.0


@dc.program
def swap(a: dc.float64[N], b: dc.float64[N]):
    a, b = b, a


poly: dc.uint16 = 0x8408


@dc.program
def bits(data: dc.uint8[N]):
    crc: dc.uint16 = 0xFFFF
    for i in range(N):
        cur = 0xFF & data[i]
        for _ in range(0, 8):
            if (crc & 0x0001) ^ (cur & 0x0001):
                crc = (crc >> 1) ^ poly
            else:
                crc >>= 1
            cur >>= 1
    crc = (~crc & 0xFFFF)
    crc = (crc << 8) | ((crc >> 8) & 0xFF)
    return crc & 0xFFFF


@dc.program
def masks(a: dc.int32[N], m: dc.bool[N], out: dc.int32[N], flags: dc.bool[N]):
    out[:] = (a & 6) | (a << 1) ^ ~a
    flags[:] = ~m | (a > 2)


@dc.program
def pair(b1: dc.int32, b2: dc.int32):
    if b1 + b2 == 3:
        return 1
    elif b1 == b2:
        x = b1 * 10
        return x
    else:
        return 0


@dc.program
def pairs(a: dc.int32[N], b: dc.int32[N], out: dc.int64[N]):
    for i in range(N):
        out[i] = pair(a[i], b[i]) + 100


@dc.program
def gathered(idx: dc.int32[N, 2], G: dc.float64[N, 4], S: dc.float64[N]):
    for a in range(N):
        for b in range(2):
            S[a] += G[a, idx[a, b]] * G[idx[a, 1 - b], idx[a, b] + 1]
