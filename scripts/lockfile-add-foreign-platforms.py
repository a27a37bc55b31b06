"""Adds package-lock.json entries for the platform-specific optional packages
(other OSes and CPUs) that this machine's npm registry mirror does not serve.
Without them `npm install` leaves them out of the lock file and `npm ci`
refuses the lock ("Missing: @swc/core-darwin-arm64@ from lock file"). The
entries carry os/cpu/libc, so npm skips them on other platforms without
fetching. Run after changing dependencies: python3 scripts/lockfile-add-foreign-platforms.py
"""
import json
import re
import sys

OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'sunos', 'aix', 'netbsd']
CPU = {'arm64': 'arm64', 'x64': 'x64', 'ia32': 'ia32', 'arm': 'arm', 'ppc64': 'ppc64', 's390x': 's390x',
       'riscv64': 'riscv64', 'loong64': 'loong64', 'wasm32': 'wasm32', 'mips64el': 'mips64el'}


def platform_of(name):
    base = name.split('/')[-1]
    fields = {}
    if 'wasm32' in base:
        return {'cpu': ['wasm32']}
    for os_ in OS:
        if re.search(r'(^|-)' + os_ + r'(-|$)', base):
            fields['os'] = [os_]
    for key, cpu in CPU.items():
        if re.search(r'(^|-)' + key + r'(-|$)', base):
            fields['cpu'] = [cpu]
    if 'musl' in base:
        fields['libc'] = ['musl']
    elif fields.get('os') == ['linux'] and ('gnu' in base or 'gnueabihf' in base):
        fields['libc'] = ['glibc']
    return fields


path = sys.argv[1] if len(sys.argv) > 1 else 'package-lock.json'
lock = json.load(open(path))
pkgs = lock['packages']
added = []
for key, meta in list(pkgs.items()):
    for dep, version in (meta.get('optionalDependencies') or {}).items():
        prefix = key + '/node_modules/' if key else 'node_modules/'
        if (prefix + dep) in pkgs or ('node_modules/' + dep) in pkgs:
            continue
        plat = platform_of(dep)
        if not plat:
            continue
        entry = {'version': version, **plat, 'optional': True}
        if meta.get('dev'):
            entry['dev'] = True
        pkgs['node_modules/' + dep] = entry
        added.append(dep)
lock['packages'] = dict(sorted(pkgs.items(), key=lambda kv: (kv[0] != '', kv[0])))
json.dump(lock, open(path, 'w'), indent=2)
open(path, 'a').write('\n')
print(f'added {len(added)} entries: {", ".join(added)}')
