#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compares a region of two X window dumps (xwd) or PNG screenshots
(weston-screenshooter: 8-bit RGB or RGBA, not interlaced) pixel by pixel.

  xwd_compare.py A.xwd|A.png B.xwd|B.png --region X,Y,W,H [--png-out A.png,B.png]
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


def read_png(path):
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        sys.exit(f'{path}: not a PNG file')
    pos, idat, hdr = 8, b'', None
    while pos < len(data):
        n, t = struct.unpack_from('>I4s', data, pos)
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if t == b'IHDR':
            hdr = struct.unpack('>IIBBBBB', body)
        elif t == b'IDAT':
            idat += body
    width, height, depth, ctype, _, _, interlace = hdr
    if depth != 8 or ctype not in (2, 6) or interlace:
        sys.exit(f'{path}: only 8-bit RGB/RGBA non-interlaced PNGs are read')
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else
                                      b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line

    def pixel(x, y):
        return tuple(rows[y][x * bpp:x * bpp + 3])
    return width, height, pixel


def read_image(path):
    return read_png(path) if path.endswith('.png') else read_xwd(path)


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
    imgs = [read_image(a.a), read_image(a.b)]
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
