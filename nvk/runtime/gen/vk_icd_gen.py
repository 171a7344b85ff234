# SPDX-License-Identifier: MIT
"""Writes the Vulkan loader's ICD manifest (file format 1.0.1).

api_version is the driver's major.minor (one place: the meson variable that
also sets the version the driver reports) with the patch level of the vk.xml
it was built against.
"""

import argparse
import json
import re

from vk_registry import Registry


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--xml', required=True)
    p.add_argument('--api-version', required=True, help='major.minor')
    p.add_argument('--lib-path', required=True)
    p.add_argument('--out', required=True)
    a = p.parse_args()
    if not re.fullmatch(r'\d+\.\d+', a.api_version):
        raise SystemExit(f'--api-version must be major.minor, got {a.api_version!r}')
    reg = Registry(a.xml)
    manifest = {
        'file_format_version': '1.0.1',
        'ICD': {
            'library_path': a.lib_path,
            'api_version': f'{a.api_version}.{reg.header_version}',
        },
    }
    with open(a.out, 'w') as f:
        json.dump(manifest, f, indent=4)
        f.write('\n')


if __name__ == '__main__':
    main()
