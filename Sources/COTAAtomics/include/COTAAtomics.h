#ifndef COTA_ATOMICS_H
#define COTA_ATOMICS_H

/// One pointer-sized cell read and written with C11 atomics (ISO C11 7.17): release on store, acquire on load.
/// The read side publishes immutable snapshots through it, so that `bundle(for:)` takes no lock (Swift's own
/// `Atomic` needs iOS 18 / macOS 15). Defined in a .c file so that ThreadSanitizer instruments them.

/// A new cell holding NULL; never freed (cells live as long as the process).
void *_Nonnull cota_atomic_cell_create(void);
/// The cell's pointer, with acquire ordering.
void *_Nullable cota_atomic_cell_load(void *_Nonnull cell);
/// Stores `value` with release ordering.
void cota_atomic_cell_store(void *_Nonnull cell, void *_Nullable value);

#endif
