# SPDX-License-Identifier: MIT
"""A small model of vk.xml shared by the runtime's generators.

Only what the generators need: commands (with their dispatch level and the
core versions and extensions that provide each name), extensions (type, spec
version, whether the Khronos headers we compile against define them), enums
(with values from core and from extensions) and the feature structs.

Everything guarded by a platform macro or VK_ENABLE_BETA_EXTENSIONS in
vulkan_core.h is left out: we include only vulkan_core.h, so those names do
not exist for us. The exception is the window systems kiln's WSI presents to
(WSI_PLATFORMS): their extensions are in the tables, and their commands carry
the platform macro as `guard` (the generators put them under #ifdef).
"""

import re
import xml.etree.ElementTree as ET

API = 'vulkan'

# Window-system platforms (vk.xml's platform name -> the header's macro).
WSI_PLATFORMS = {
    'xcb': 'VK_USE_PLATFORM_XCB_KHR',
    'xlib': 'VK_USE_PLATFORM_XLIB_KHR',
    'wayland': 'VK_USE_PLATFORM_WAYLAND_KHR',
}

GLOBAL_COMMANDS = {
    'vkCreateInstance',
    'vkEnumerateInstanceExtensionProperties',
    'vkEnumerateInstanceLayerProperties',
    'vkEnumerateInstanceVersion',
}


def _api_ok(elem):
    """True if elem applies to the Vulkan API (not only Vulkan SC)."""
    api = elem.get('api')
    return api is None or API in api.split(',')


def version_tuple(s):
    """'VK_VERSION_1_2' or '1.2' -> (1, 2)."""
    m = re.fullmatch(r'(?:VK_VERSION_)?(\d+)[._](\d+)', s)
    assert m, s
    return (int(m.group(1)), int(m.group(2)))


class Command:
    def __init__(self, name, return_type, params, level, alias=None):
        self.name = name
        self.return_type = return_type
        self.params = params          # list of (c_decl, name, type_name)
        self.level = level            # 'global', 'instance', 'physical_device', 'device'
        self.alias = alias            # name of the command this one aliases
        self.core_version = None      # (major, minor) of the first core version with it
        self.extensions = []          # extension names that provide this name
        self.guard = None             # WSI platform macro when only platforms provide it

    @property
    def base_name(self):
        """The name without the 'vk' prefix."""
        return self.name[2:]

    def decl_params(self):
        return ', '.join(p[0] for p in self.params) if self.params else 'void'

    def call_params(self):
        return ', '.join(p[1] for p in self.params)


class Extension:
    def __init__(self, name, number, ext_type, spec_version, promoted_to, platform=None):
        self.platform = platform      # a WSI_PLATFORMS key, or None
        self.name = name
        self.number = number
        self.type = ext_type          # 'instance' or 'device'
        self.spec_version = spec_version
        self.promoted_to = promoted_to

    @property
    def short_name(self):
        """VK_KHR_foo -> KHR_foo (a valid C identifier for table members)."""
        return self.name[3:]


class EnumValue:
    def __init__(self, name, value):
        self.name = name
        self.value = value


class Enum:
    def __init__(self, name, kind, bitwidth):
        self.name = name
        self.kind = kind              # 'enum' or 'bitmask'
        self.bitwidth = bitwidth
        self.values = {}              # name -> EnumValue (no aliases)

    def add(self, name, value):
        if name not in self.values:
            self.values[name] = EnumValue(name, value)


class Struct:
    def __init__(self, name, members, extends, stype):
        self.name = name
        self.members = members        # list of (type_name, member_name, is_array)
        self.extends = extends
        self.stype = stype


class Registry:
    def __init__(self, path):
        self.root = ET.parse(path).getroot()
        self.header_version = self._header_version()
        self.excluded_extensions = set()
        self.extensions = {}
        self.commands = {}
        self.enums = {}
        self.structs = {}
        self.type_aliases = {}        # alias type name -> real type name
        self._excluded_types = set()
        self._parse_extensions_meta()
        self.required_types = self._required_types()
        self._parse_types()
        self._parse_enums()
        self._parse_commands()
        self._parse_requirements()

    # -------------------------------------------------------------------
    def _header_version(self):
        for t in self.root.iter('type'):
            name = t.find('name')
            if t.get('category') == 'define' and name is not None \
                    and name.text == 'VK_HEADER_VERSION':
                return int(name.tail.strip())
        raise RuntimeError('VK_HEADER_VERSION not found in vk.xml')

    def _extension_usable(self, ext):
        supported = ext.get('supported', '').split(',')
        if API not in supported:
            return False
        if ext.get('provisional') == 'true':
            return False
        if ext.get('platform') is not None and ext.get('platform') not in WSI_PLATFORMS:
            return False
        return True

    def _parse_extensions_meta(self):
        for ext in self.root.find('extensions').findall('extension'):
            name = ext.get('name')
            if not self._extension_usable(ext):
                self.excluded_extensions.add(name)
                for req in ext.findall('require'):
                    for t in req.findall('type'):
                        self._excluded_types.add(t.get('name'))
                continue
            spec_version = None
            for req in ext.findall('require'):
                for e in req.findall('enum'):
                    if e.get('name', '').endswith('_SPEC_VERSION') and e.get('value'):
                        spec_version = int(e.get('value'))
            assert spec_version is not None, name
            self.extensions[name] = Extension(name, int(ext.get('number')),
                                              ext.get('type'), spec_version,
                                              ext.get('promotedto'), ext.get('platform'))
        # Types an excluded extension requires might also be required by a
        # usable one (shared structs); those stay.
        for ext in self.root.find('extensions').findall('extension'):
            e = self.extensions.get(ext.get('name'))
            if e is not None and e.platform is None:
                for req in ext.findall('require'):
                    for t in req.findall('type'):
                        self._excluded_types.discard(t.get('name'))
        # Platform types live in the platform headers: no struct tables.
        for ext in self.root.find('extensions').findall('extension'):
            e = self.extensions.get(ext.get('name'))
            if e is not None and e.platform is not None:
                for req in ext.findall('require'):
                    for t in req.findall('type'):
                        self._excluded_types.add(t.get('name'))

    def _required_types(self):
        """Type names vulkan_core.h declares: those a core version or a usable
        extension requires, and (transitively) those their members use."""
        req = set()
        for feat in self.root.findall('feature'):
            if _api_ok(feat):
                for r in feat.findall('require'):
                    req.update(t.get('name') for t in r.findall('type'))
        for ext in self.root.find('extensions').findall('extension'):
            e = self.extensions.get(ext.get('name'))
            if e is not None and e.platform is None:
                for r in ext.findall('require'):
                    req.update(t.get('name') for t in r.findall('type'))
        by_name = {t.get('name'): t for t in self.root.find('types').findall('type')
                   if t.get('name')}
        work = list(req)
        while work:
            t = by_name.get(work.pop())
            if t is None:
                continue
            deps = [m.find('type').text for m in t.findall('member')
                    if m.find('type') is not None]
            deps += [x for x in (t.get('requires'), t.get('alias')) if x]
            for d in deps:
                if d not in req:
                    req.add(d)
                    work.append(d)
        return req

    def _parse_types(self):
        for t in self.root.find('types').findall('type'):
            if not _api_ok(t):
                continue
            name = t.get('name')
            if t.get('alias'):
                self.type_aliases[name] = t.get('alias')
                continue
            if t.get('category') != 'struct' or name in self._excluded_types:
                continue
            members = []
            stype = None
            for m in t.findall('member'):
                if not _api_ok(m):
                    continue
                mtype = m.find('type').text
                mname = m.find('name').text
                is_array = '[' in ''.join(m.itertext()).split(mname, 1)[1]
                members.append((mtype, mname, is_array))
                if mname == 'sType' and m.get('values'):
                    stype = m.get('values')
            extends = (t.get('structextends') or '').split(',')
            self.structs[name] = Struct(name, members, [e for e in extends if e], stype)

    def _enum_value(self, e, extnumber=None):
        """Integer value of an <enum> element, or None for aliases/strings."""
        if e.get('alias') is not None:
            return None
        if e.get('value') is not None:
            v = e.get('value')
            if v.startswith('"'):
                return None
            v = v.strip('()').replace('U', '').replace('L', '')
            if v.startswith('~'):
                return None
            return int(v, 0)
        if e.get('bitpos') is not None:
            return 1 << int(e.get('bitpos'))
        if e.get('offset') is not None:
            num = int(e.get('extnumber', extnumber))
            v = 1000000000 + (num - 1) * 1000 + int(e.get('offset'))
            return -v if e.get('dir') == '-' else v
        return None

    def _parse_enums(self):
        for enums in self.root.findall('enums'):
            kind = enums.get('type')
            if kind not in ('enum', 'bitmask'):
                continue
            en = Enum(enums.get('name'), kind, int(enums.get('bitwidth', '32')))
            for e in enums.findall('enum'):
                if not _api_ok(e):
                    continue
                v = self._enum_value(e)
                if v is not None:
                    en.add(e.get('name'), v)
            self.enums[en.name] = en
        # Values added by core versions and usable extensions.
        for feat in self.root.findall('feature'):
            if not _api_ok(feat):
                continue
            for req in feat.findall('require'):
                for e in req.findall('enum'):
                    self._add_ext_enum(e, None)
        for ext in self.root.find('extensions').findall('extension'):
            if ext.get('name') not in self.extensions:
                continue
            for req in ext.findall('require'):
                if not _api_ok(req):
                    continue
                for e in req.findall('enum'):
                    self._add_ext_enum(e, ext.get('number'))

    def _add_ext_enum(self, e, extnumber):
        target = e.get('extends')
        if target is None or target not in self.enums or not _api_ok(e):
            return
        v = self._enum_value(e, extnumber)
        if v is not None:
            self.enums[target].add(e.get('name'), v)

    def _parse_commands(self):
        aliases = []
        for c in self.root.find('commands').findall('command'):
            if not _api_ok(c):
                continue
            if c.get('alias'):
                aliases.append((c.get('name'), c.get('alias')))
                continue
            proto = c.find('proto')
            name = proto.find('name').text
            ret = ''.join(proto.itertext())[:-len(name)].strip()
            params = []
            for p in c.findall('param'):
                if not _api_ok(p):
                    continue
                decl = ' '.join(''.join(p.itertext()).split())
                params.append((decl, p.find('name').text, p.find('type').text))
            self.commands[name] = Command(name, ret, params, self._level(name, params))
        for name, target in aliases:
            t = self.commands[target]
            self.commands[name] = Command(name, t.return_type, t.params, t.level, target)

    def _level(self, name, params):
        if name in GLOBAL_COMMANDS:
            return 'global'
        if name == 'vkGetInstanceProcAddr':
            return 'instance'
        if name == 'vkGetDeviceProcAddr':
            return 'device'
        first = params[0][2]
        if first == 'VkInstance':
            return 'instance'
        if first == 'VkPhysicalDevice':
            return 'physical_device'
        if first in ('VkDevice', 'VkQueue', 'VkCommandBuffer'):
            return 'device'
        return 'global'

    def _parse_requirements(self):
        for feat in self.root.findall('feature'):
            if not _api_ok(feat):
                continue
            version = version_tuple(feat.get('number'))
            for req in feat.findall('require'):
                for c in req.findall('command'):
                    cmd = self.commands[c.get('name')]
                    if cmd.core_version is None or version < cmd.core_version:
                        cmd.core_version = version
        for ext in self.root.find('extensions').findall('extension'):
            name = ext.get('name')
            if name not in self.extensions:
                # Commands of excluded extensions are not in vulkan_core.h.
                continue
            for req in ext.findall('require'):
                if not _api_ok(req):
                    continue
                for c in req.findall('command'):
                    cmd = self.commands[c.get('name')]
                    if name not in cmd.extensions:
                        cmd.extensions.append(name)
        # Keep only commands that vulkan_core.h declares.
        self.commands = {n: c for n, c in self.commands.items()
                         if c.core_version is not None or c.extensions}
        self.commands = {n: c for n, c in self.commands.items()
                         if c.alias is None or c.alias in self.commands}
        for c in self.commands.values():
            plats = {self.extensions[e].platform for e in c.extensions}
            if c.core_version is None and len(plats) == 1 and None not in plats:
                c.guard = WSI_PLATFORMS[plats.pop()]

    # -------------------------------------------------------------------
    def entrypoints(self):
        """Commands that own a dispatch slot (aliases share their target's)."""
        return sorted((c for c in self.commands.values() if c.alias is None),
                      key=lambda c: c.name)

    def instance_extensions(self):
        return sorted((e for e in self.extensions.values() if e.type == 'instance'),
                      key=lambda e: e.name)

    def device_extensions(self):
        return sorted((e for e in self.extensions.values() if e.type == 'device'),
                      key=lambda e: e.name)

    def resolve_type(self, name):
        while name in self.type_aliases:
            name = self.type_aliases[name]
        return name
