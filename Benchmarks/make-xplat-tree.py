#!/usr/bin/env python3
"""Writes a Flutter app tree of about FILES files into FOLDER for the cross-platform lint
benchmark: the wired Flutter fixture (pubspec.yaml, ios/Runner.xcodeproj, a service extension, a
Podfile) with Dart sources, an android/ folder, and the folders lint must not enter filled the way
a built checkout fills them: node_modules/ (a React Native tooling install), ios/Pods/,
ios/.symlinks/, .dart_tool/ and build/.

    make-xplat-tree.py FOLDER [FILES]
"""
import os
import shutil
import sys

here = os.path.dirname(os.path.abspath(__file__))
fixture = os.path.join(here, "..", "Tests", "Fixtures", "projects", "flutter-wired-service-extension")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as file:
        file.write(text)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    folder, total = sys.argv[1], int(sys.argv[2]) if len(sys.argv) == 3 else 5000
    if os.path.exists(folder):
        shutil.rmtree(folder)
    shutil.copytree(fixture, folder)
    # Where the files go: a fifth of them the app's own, the rest in folders lint skips.
    shares = {"lib": 0.15, "android": 0.05, "node_modules": 0.35, "ios/Pods": 0.25, ".dart_tool": 0.1, "build": 0.1}
    for place, share in shares.items():
        for index in range(int(total * share)):
            group = f"{place}/group{index // 100}"
            if place == "lib":
                write(f"{folder}/{group}/widget{index}.dart", f"class Widget{index} {{}}\n")
            elif place == "android":
                write(f"{folder}/{group}/Screen{index}.kt", f"class Screen{index}\n")
            elif place == "node_modules":
                name = f"package{index}"
                if index % 10 == 0:
                    write(f"{folder}/{group}/{name}/package.json",
                          '{"name": "%s", "dependencies": {"react-native": "0.74.0"}}\n' % name)
                else:
                    write(f"{folder}/{group}/{name}/index.js", "module.exports = {};\n")
            elif place == "ios/Pods":
                write(f"{folder}/{group}/Pod{index}.m", "@implementation Pod @end\n")
            else:
                write(f"{folder}/{group}/part{index}.json", '{"aps": {"alert": "x"}}\n')
    os.makedirs(f"{folder}/ios/.symlinks/plugins", exist_ok=True)
    os.symlink("/", f"{folder}/ios/.symlinks/plugins/outside")
    count = sum(len(files) for _, _, files in os.walk(folder))
    print(f"{folder}: {count} files")


main()
