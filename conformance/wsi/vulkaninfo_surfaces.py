#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks vulkaninfo's "Presentable Surfaces" for kiln's WSI (docs/wsi.md).

  vulkaninfo_surfaces.py VULKANINFO.txt PLATFORM...

Each PLATFORM (xcb, xlib, wayland) must be listed for the kiln device with
exactly the surface formats and present modes nvk/wsi supports (in its
order) and the platform's currentExtent: the window's size on X11 (a
256x256 window, vulkaninfo's), 0xFFFFFFFF (the swapchain decides) on
Wayland. PLATFORM "none" expects no presentable surface at all. Exit 0 on a
pass; what was found is printed.
"""
import sys

FORMATS = ['FORMAT_B8G8R8A8_SRGB', 'FORMAT_B8G8R8A8_UNORM',
           'FORMAT_R8G8B8A8_SRGB', 'FORMAT_R8G8B8A8_UNORM']
MODES = ['PRESENT_MODE_FIFO_KHR', 'PRESENT_MODE_MAILBOX_KHR',
         'PRESENT_MODE_IMMEDIATE_KHR', 'PRESENT_MODE_FIFO_RELAXED_KHR']
EXTENT = {'xcb': (256, 256), 'xlib': (256, 256),
          'wayland': (0xFFFFFFFF, 0xFFFFFFFF)}


def groups(lines):
    """The surface groups after "Presentable Surfaces:", each a dict."""
    out, g, in_section, key = [], None, False, None
    for line in lines:
        s = line.strip()
        if s == 'Presentable Surfaces:':
            in_section = True
            continue
        if not in_section:
            continue
        if line and not line[0].isspace() and not s.startswith('GPU id') and \
           not s.startswith('='):
            break  # the next top-level section
        if s.startswith('GPU id'):
            g = {'gpu': s, 'types': [], 'formats': [], 'spaces': [], 'modes': [],
                 'extent': []}
            out.append(g)
            key = None
        elif g is None:
            continue
        elif s.startswith('Surface type = '):
            g['types'].append(s.split('= ')[1])
        elif s.startswith('Surface types:'):
            key = 'types'
        elif s.startswith('Formats:'):
            key = 'formats'
        elif s.startswith('Present Modes:'):
            key = 'modes'
        elif s.startswith('currentExtent:'):
            key = 'extent'
        elif s.startswith('VkSurface') or s.startswith('minImageExtent'):
            key = None
        elif key == 'types' and s.startswith('VK_'):
            g['types'].append(s)
        elif key == 'formats' and s.startswith('format = '):
            g['formats'].append(s.split('= ')[1])
        elif key == 'formats' and s.startswith('colorSpace = '):
            g['spaces'].append(s.split('= ')[1])
        elif key == 'modes' and s.startswith('PRESENT_MODE_'):
            g['modes'].append(s)
        elif key == 'extent' and (s.startswith('width') or s.startswith('height')):
            g['extent'].append(int(s.split('=')[1]))
    return out


def main():
    found = groups(open(sys.argv[1]).read().splitlines())
    for g in found:
        print(f"{g['gpu']} {g['types']}: {len(g['formats'])} formats, "
              f"{len(g['modes'])} present modes, currentExtent {g['extent']}")
    ok = True
    for platform in sys.argv[2:]:
        if platform == 'none':
            if found:
                print('FAIL: surfaces listed without a window system')
                ok = False
            continue
        name = f'VK_KHR_{platform}_surface'
        gs = [g for g in found if name in g['types'] and 'kiln' in g['gpu']]
        if len(gs) != 1:
            print(f'FAIL: {name}: {len(gs)} kiln groups')
            ok = False
            continue
        g = gs[0]
        want = {'formats': FORMATS, 'modes': MODES,
                'spaces': ['COLOR_SPACE_SRGB_NONLINEAR_KHR'] * len(FORMATS),
                'extent': list(EXTENT[platform])}
        for k, v in want.items():
            if g[k] != v:
                print(f'FAIL: {name}: {k} {g[k]}, expected {v}')
                ok = False
        if ok:
            print(f'{name}: formats, present modes and extent as expected')
    print('PASS' if ok else 'FAIL')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
