#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// Whether this platform counts allocations (glibc: malloc and friends are interposed).
int allocation_counter_available(void);

/// Starts counting the calling thread's heap allocations (malloc, calloc, realloc,
/// posix_memalign, aligned_alloc, memalign) from zero.
void allocation_counter_start(void);

/// Stops counting and returns the calling thread's allocations since the last start.
int64_t allocation_counter_stop(void);

#endif
