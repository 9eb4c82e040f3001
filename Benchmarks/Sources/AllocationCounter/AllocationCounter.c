// Counts heap allocations by defining malloc and friends in the executable. The dynamic linker
// binds every library's malloc (the Swift runtime's, Foundation's) to the executable's own
// definitions first; these count, then forward to glibc's implementation through its exported
// __libc_* entry points, so no dlsym bootstrapping is needed. Counting is per thread and off
// until allocation_counter_start(), so timing runs pay one thread-local load per call.
#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Thread_local int counting = 0;
static _Thread_local int64_t allocations = 0;

static inline void count(void) {
  if (counting) allocations += 1;
}

int allocation_counter_available(void) { return 1; }

void allocation_counter_start(void) {
  allocations = 0;
  counting = 1;
}

int64_t allocation_counter_stop(void) {
  counting = 0;
  return allocations;
}

void *malloc(size_t size) {
  count();
  return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
  count();
  return __libc_calloc(n, size);
}

void *realloc(void *pointer, size_t size) {
  count();
  return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
  count();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}

#else

int allocation_counter_available(void) { return 0; }
void allocation_counter_start(void) {}
int64_t allocation_counter_stop(void) { return -1; }

#endif
