"""Checks of numpy-forms.test that need more than one line."""
import sys
import numpy as np


def crc16(data):
    crc = 0xFFFF
    for b in data:
        cur = 0xFF & int(b)
        for _ in range(8):
            if (crc & 1) ^ (cur & 1):
                crc = (crc >> 1) ^ 0x8408
            else:
                crc >>= 1
            cur >>= 1
    crc = ~crc & 0xFFFF
    crc = (crc << 8) | ((crc >> 8) & 0xFF)
    return crc & 0xFFFF


if sys.argv[1] == "crc":
    data = np.load(sys.argv[2])["data"]
    got = np.load(sys.argv[3])["__return"]
    assert got.dtype == np.int64 and got.reshape(-1)[0] == crc16(data), (got, crc16(data))
