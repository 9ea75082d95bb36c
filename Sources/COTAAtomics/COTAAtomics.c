#include "COTAAtomics.h"
#include <stdatomic.h>
#include <stdlib.h>

void *cota_atomic_cell_create(void) {
    _Atomic(void *) *cell = malloc(sizeof *cell);
    if (cell == NULL) abort();
    atomic_init(cell, NULL);
    return (void *)cell;
}

void *cota_atomic_cell_load(void *cell) {
    return atomic_load_explicit((_Atomic(void *) *)cell, memory_order_acquire);
}

void cota_atomic_cell_store(void *cell, void *value) {
    atomic_store_explicit((_Atomic(void *) *)cell, value, memory_order_release);
}
