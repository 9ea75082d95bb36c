"""Reads a compiler index store (what `swift build` writes to `<bin>/index/store` in a debug build) through the
toolchain's `libIndexStore`, whose C API the toolchain ships as `usr/local/include/indexstore/indexstore.h`. Only
the `_f` (function pointer) entry points are used, so ctypes can call them.

A unit is one compilation of one source file (its main file and module name); its records hold the occurrences: each
symbol a line references, by USR, with its roles.
"""

import ctypes

ROLE_REFERENCE = 1 << 2
ROLE_IMPLICIT = 1 << 8
_DEPENDENCY_RECORD = 2

_VOID = ctypes.c_void_p


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]


def _text(ref):
    return ctypes.string_at(ref.data, ref.length).decode("utf-8", "replace") if ref.length else ""


_SIGNATURES = {
    "indexstore_store_create": (_VOID, [ctypes.c_char_p, ctypes.POINTER(_VOID)]),
    "indexstore_store_dispose": (None, [_VOID]),
    "indexstore_error_get_description": (ctypes.c_char_p, [_VOID]),
    "indexstore_store_units_apply_f": (ctypes.c_bool, [_VOID, ctypes.c_uint, _VOID, _VOID]),
    "indexstore_unit_reader_create": (_VOID, [_VOID, ctypes.c_char_p, ctypes.POINTER(_VOID)]),
    "indexstore_unit_reader_dispose": (None, [_VOID]),
    "indexstore_unit_reader_get_main_file": (_StringRef, [_VOID]),
    "indexstore_unit_reader_get_module_name": (_StringRef, [_VOID]),
    "indexstore_unit_reader_dependencies_apply_f": (ctypes.c_bool, [_VOID, _VOID, _VOID]),
    "indexstore_unit_dependency_get_kind": (ctypes.c_int, [_VOID]),
    "indexstore_unit_dependency_is_system": (ctypes.c_bool, [_VOID]),
    "indexstore_unit_dependency_get_name": (_StringRef, [_VOID]),
    "indexstore_unit_dependency_get_filepath": (_StringRef, [_VOID]),
    "indexstore_unit_dependency_get_modulename": (_StringRef, [_VOID]),
    "indexstore_record_reader_create": (_VOID, [_VOID, ctypes.c_char_p, ctypes.POINTER(_VOID)]),
    "indexstore_record_reader_dispose": (None, [_VOID]),
    "indexstore_record_reader_occurrences_apply_f": (ctypes.c_bool, [_VOID, _VOID, _VOID]),
    "indexstore_occurrence_get_symbol": (_VOID, [_VOID]),
    "indexstore_occurrence_get_roles": (ctypes.c_uint64, [_VOID]),
    "indexstore_occurrence_get_line_col": (None, [_VOID, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]),
    "indexstore_symbol_get_usr": (_StringRef, [_VOID]),
}

_NAME_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, _VOID, _StringRef)
_POINTER_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, _VOID, _VOID)


class IndexStoreError(Exception):
    pass


class Unit:
    """One compilation of a source file: `main_file` (absolute path), `module` (the target's module name),
    `records` (record names) and `system_modules` (paths of the system modules it imported)."""

    def __init__(self, main_file, module, records, system_modules):
        self.main_file = main_file
        self.module = module
        self.records = records
        self.system_modules = system_modules


class IndexStore:
    def __init__(self, library_path, store_path):
        try:
            self.lib = ctypes.CDLL(library_path)
        except OSError as error:
            raise IndexStoreError(f"cannot load {library_path}: {error}")
        for name, (result, arguments) in _SIGNATURES.items():
            function = getattr(self.lib, name)
            function.restype = result
            function.argtypes = arguments
        error = _VOID()
        self.store = self.lib.indexstore_store_create(store_path.encode(), ctypes.byref(error))
        if not self.store:
            raise IndexStoreError(f"cannot open the index store {store_path}: {self._describe(error)}")

    def _describe(self, error):
        return self.lib.indexstore_error_get_description(error).decode() if error else "unknown error"

    def units(self):
        """Every unit in the store."""
        names = []
        applier = _NAME_APPLIER(lambda _, name: names.append(_text(name)) or True)
        self.lib.indexstore_store_units_apply_f(self.store, 0, None, applier)
        return [unit for unit in (self._unit(name) for name in names) if unit is not None]

    def _unit(self, name):
        error = _VOID()
        reader = self.lib.indexstore_unit_reader_create(self.store, name.encode(), ctypes.byref(error))
        if not reader:
            return None
        try:
            records, system_modules = [], []

            def dependency(_, item):
                kind = self.lib.indexstore_unit_dependency_get_kind(item)
                if kind == _DEPENDENCY_RECORD:
                    records.append(_text(self.lib.indexstore_unit_dependency_get_name(item)))
                elif self.lib.indexstore_unit_dependency_is_system(item):
                    system_modules.append(_text(self.lib.indexstore_unit_dependency_get_filepath(item)))
                return True

            self.lib.indexstore_unit_reader_dependencies_apply_f(reader, None, _POINTER_APPLIER(dependency))
            return Unit(
                _text(self.lib.indexstore_unit_reader_get_main_file(reader)),
                _text(self.lib.indexstore_unit_reader_get_module_name(reader)),
                records, system_modules)
        finally:
            self.lib.indexstore_unit_reader_dispose(reader)

    def references(self, record, wanted):
        """(line, column, usr, implicit) of each occurrence in `record` that references a USR for which `wanted(usr)`
        is true; `implicit` when the compiler made the reference itself (a `for await` loop's `next`)."""
        error = _VOID()
        reader = self.lib.indexstore_record_reader_create(self.store, record.encode(), ctypes.byref(error))
        if not reader:
            raise IndexStoreError(f"cannot read the index record {record}: {self._describe(error)}")
        found = []
        line, column = ctypes.c_uint(), ctypes.c_uint()
        lib = self.lib

        def occurrence(_, item):
            roles = lib.indexstore_occurrence_get_roles(item)
            if roles & ROLE_REFERENCE:
                usr = _text(lib.indexstore_symbol_get_usr(lib.indexstore_occurrence_get_symbol(item)))
                if wanted(usr):
                    lib.indexstore_occurrence_get_line_col(item, ctypes.byref(line), ctypes.byref(column))
                    found.append((line.value, column.value, usr, bool(roles & ROLE_IMPLICIT)))
            return True

        try:
            lib.indexstore_record_reader_occurrences_apply_f(reader, None, _POINTER_APPLIER(occurrence))
        finally:
            lib.indexstore_record_reader_dispose(reader)
        return found

    def close(self):
        self.lib.indexstore_store_dispose(self.store)
