#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compares a region of two X window dumps (xwd -root) pixel by pixel.

  xwd_compare.py A.xwd B.xwd --region X,Y,W,H [--png-out A.png,B.png]
                 [--max-mean 2.0] [--max-bad 0.01] [--bad-level 48]

A pixel is "bad" when a channel differs by more than --bad-level (0-255);
the comparison passes when the mean absolute channel difference is at most
--max-mean and at most --max-bad of the pixels are bad. Two drivers
rasterise a cube's edges a little differently, so a few edge pixels may
differ; a wrong frame, orientation, colour order or missing image moves
thousands. Exit 0 on a pass, 1 otherwise; the numbers are printed.
"""
import argparse
import struct
import sys
import zlib


def read_xwd(path):
    data = open(path, 'rb').read()
    hdr = struct.unpack('>25I', data[:100])
    header_size, version = hdr[0], hdr[1]
    if version != 7:
        sys.exit(f'{path}: not an XWD version 7 file')
    width, height = hdr[4], hdr[5]
    byte_order, bpp, bpl = hdr[7], hdr[11], hdr[12]
    masks = hdr[14:17]
    ncolors = hdr[19]
    if bpp != 32:
        sys.exit(f'{path}: {bpp} bits per pixel, only 32 is read')
    off = header_size + ncolors * 12
    fmt = '<I' if byte_order == 0 else '>I'

    def shift(m):
        s = 0
        while m and not (m >> s) & 1:
            s += 1
        return s
    shifts = [shift(m) for m in masks]

    def pixel(x, y):
        v = struct.unpack_from(fmt, data, off + y * bpl + x * 4)[0]
        return tuple((v & m) >> s for m, s in zip(masks, shifts))
    return width, height, pixel


def write_png(path, w, h, rows):
    raw = b''.join(b'\0' + bytes(c for p in row for c in p) for row in rows)

    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
    png += chunk(b'IDAT', zlib.compress(raw, 6)) + chunk(b'IEND', b'')
    open(path, 'wb').write(png)


def main():
    p = argparse.ArgumentParser()
    p.add_argument('a')
    p.add_argument('b')
    p.add_argument('--region', required=True)
    p.add_argument('--png-out')
    p.add_argument('--max-mean', type=float, default=2.0)
    p.add_argument('--max-bad', type=float, default=0.01)
    p.add_argument('--bad-level', type=int, default=48)
    a = p.parse_args()
    x0, y0, w, h = (int(v) for v in a.region.split(','))
    imgs = [read_xwd(a.a), read_xwd(a.b)]
    for iw, ih, _ in imgs:
        if x0 + w > iw or y0 + h > ih:
            sys.exit('region outside the dump')
    rows = [[], []]
    total = bad = 0
    distinct = set()
    for y in range(y0, y0 + h):
        ra, rb = [], []
        for x in range(x0, x0 + w):
            pa, pb = imgs[0][2](x, y), imgs[1][2](x, y)
            ra.append(pa)
            rb.append(pb)
            d = [abs(i - j) for i, j in zip(pa, pb)]
            total += sum(d)
            bad += max(d) > a.bad_level
            if len(distinct) < 64:
                distinct.add(pa)
        rows[0].append(ra)
        rows[1].append(rb)
    n = w * h
    mean = total / (3 * n)
    print(f'{a.a} vs {a.b}, {w}x{h} at {x0},{y0}: mean |diff| {mean:.3f}, '
          f'{bad} pixels ({100 * bad / n:.3f}%) differ by > {a.bad_level}, '
          f'{len(distinct)}{"+" if len(distinct) == 64 else ""} distinct colours in the first')
    if a.png_out:
        for path, r in zip(a.png_out.split(','), rows):
            write_png(path, w, h, r)
    # A blank region (one colour) would compare equal to another blank one.
    ok = mean <= a.max_mean and bad <= a.max_bad * n and len(distinct) > 8
    print('PASS' if ok else 'FAIL')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
