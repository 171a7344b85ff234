#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes a SPIR-V binary as a C array (what glslangValidator --vn writes),
for hand-written assembly (spirv-as) that tests include like glslang's."""
import struct
import sys


def main():
    src, dst, name = sys.argv[1:4]
    data = open(src, 'rb').read()
    if len(data) % 4 != 0 or len(data) < 20:
        sys.exit(f'{src}: not a SPIR-V module ({len(data)} bytes)')
    words = struct.unpack(f'<{len(data) // 4}I', data)
    if words[0] != 0x07230203:
        sys.exit(f'{src}: bad magic number {words[0]:#x}')
    lines = [f'static const uint32_t {name}[] = {{']
    for i in range(0, len(words), 8):
        lines.append('   ' + ', '.join(f'0x{w:08x}' for w in words[i:i + 8]) + ',')
    lines.append('};')
    with open(dst, 'w') as f:
        f.write('\n'.join(lines) + '\n')


if __name__ == '__main__':
    main()
