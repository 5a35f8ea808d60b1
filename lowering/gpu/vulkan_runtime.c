// The GPU runtime of programs built for Vulkan: the mgpu* functions that
// MLIR's gpu-to-llvm lowering calls (module loading, kernel launches,
// streams) and the __sdfg_gpu_* helpers of the host code (GPU arrays,
// copies, the status of run-time checks), over the Vulkan loader opened at
// run time (libvulkan.so.1). Compiled when sdfg-mlir is built: linked into
// the tools (sdfg-run's JIT, the device probe) and embedded as an object
// that libraries built for Vulkan link.
//
// GPU arrays are host-visible, coherent storage buffers kept mapped, so a
// copy to or from one is a memcpy; every launch is submitted and waited
// for, so host code after it sees its results. Kernel arguments are
// memref<?xT> descriptors: one that points into a GPU array binds that
// buffer at the aligned offset at or before the pointer; one that points
// to host memory (the launch's scalars, last) is copied into a buffer of
// its own, with the bytes each array's pointer lies past its binding in
// the first slots and the kernel's status last: a check that fails in the
// kernel sets it, the runtime copies it back, and the program's
// __sdfg_gpu_check after the launch reports it. Devices run with robust
// buffer access where they offer it, so that the threads of a failed
// check touch nothing outside their arrays. A failure prints what failed,
// naming the kernel and Vulkan's error code, and ends the process with
// status 1.
#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Vulkan's functions, looked up through the loader.
#define VK_FUNCTIONS(X)                                                                            \
  X(DestroyInstance) X(EnumeratePhysicalDevices) X(GetPhysicalDeviceQueueFamilyProperties)         \
  X(GetPhysicalDeviceProperties) X(GetPhysicalDeviceFeatures2)                                     \
  X(GetPhysicalDeviceMemoryProperties) X(CreateDevice) X(GetDeviceQueue) X(CreateCommandPool)      \
  X(CreateBuffer) X(GetBufferMemoryRequirements) X(AllocateMemory) X(BindBufferMemory)             \
  X(MapMemory) X(UnmapMemory) X(DestroyBuffer) X(FreeMemory) X(CreateShaderModule)                 \
  X(CreateDescriptorSetLayout) X(CreatePipelineLayout) X(CreateComputePipelines)                   \
  X(CreateDescriptorPool) X(AllocateDescriptorSets) X(UpdateDescriptorSets)                        \
  X(AllocateCommandBuffers) X(BeginCommandBuffer) X(CmdBindPipeline) X(CmdBindDescriptorSets)      \
  X(CmdDispatch) X(CmdPipelineBarrier) X(EndCommandBuffer) X(CreateFence) X(QueueSubmit)           \
  X(WaitForFences) X(DestroyFence) X(FreeCommandBuffers) X(DestroyDescriptorPool)                 \
  X(CreateQueryPool) X(CmdResetQueryPool) X(CmdWriteTimestamp) X(GetQueryPoolResults)
#define DECLARE(name) PFN_vk##name name;
static struct {
  PFN_vkGetInstanceProcAddr GetInstanceProcAddr;
  PFN_vkCreateInstance CreateInstance;
  VK_FUNCTIONS(DECLARE)
} vk;

static const char *result_name(VkResult r) {
#define NAME(x) case x: return #x;
  switch (r) {
    NAME(VK_NOT_READY) NAME(VK_TIMEOUT) NAME(VK_INCOMPLETE) NAME(VK_ERROR_OUT_OF_HOST_MEMORY)
    NAME(VK_ERROR_OUT_OF_DEVICE_MEMORY) NAME(VK_ERROR_INITIALIZATION_FAILED) NAME(VK_ERROR_DEVICE_LOST)
    NAME(VK_ERROR_MEMORY_MAP_FAILED) NAME(VK_ERROR_LAYER_NOT_PRESENT) NAME(VK_ERROR_EXTENSION_NOT_PRESENT)
    NAME(VK_ERROR_FEATURE_NOT_PRESENT) NAME(VK_ERROR_INCOMPATIBLE_DRIVER) NAME(VK_ERROR_TOO_MANY_OBJECTS)
    NAME(VK_ERROR_FORMAT_NOT_SUPPORTED) NAME(VK_ERROR_FRAGMENTED_POOL) NAME(VK_ERROR_UNKNOWN)
    NAME(VK_ERROR_OUT_OF_POOL_MEMORY) NAME(VK_ERROR_INVALID_EXTERNAL_HANDLE)
    default: return "VK_RESULT";
  }
#undef NAME
}

// An instance and its first device with a compute queue; or an error.
typedef struct {
  VkInstance instance;
  VkPhysicalDevice physical;
  uint32_t family;
  uint32_t timestamp_bits;  // of the family's timestamps (0: none)
  char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
} Opened;

static int open_device(Opened *o, char *error, size_t n) {
  static void *loader;
  if (!loader) loader = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!loader) {
    snprintf(error, n, "cannot load the Vulkan loader (libvulkan.so.1): %s", dlerror());
    return 1;
  }
  *(void **)&vk.GetInstanceProcAddr = dlsym(loader, "vkGetInstanceProcAddr");
  if (!vk.GetInstanceProcAddr) {
    snprintf(error, n, "the Vulkan loader (libvulkan.so.1) lacks vkGetInstanceProcAddr");
    return 1;
  }
  vk.CreateInstance = (PFN_vkCreateInstance)vk.GetInstanceProcAddr(NULL, "vkCreateInstance");
  VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .pApplicationName = "sdfg-mlir",
                           .apiVersion = VK_MAKE_API_VERSION(0, 1, 3, 0)};
  VkInstanceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app};
  VkResult r = vk.CreateInstance(&info, NULL, &o->instance);
  if (r) {
    snprintf(error, n, "vkCreateInstance failed: %s (%d)", result_name(r), r);
    return 1;
  }
#define LOAD(name) vk.name = (PFN_vk##name)vk.GetInstanceProcAddr(o->instance, "vk" #name);
  VK_FUNCTIONS(LOAD)
#undef LOAD
  uint32_t count = 0;
  vk.EnumeratePhysicalDevices(o->instance, &count, NULL);
  VkPhysicalDevice devices[16];
  if (count > 16) count = 16;
  r = vk.EnumeratePhysicalDevices(o->instance, &count, devices);
  if (r < 0 || count == 0) {
    if (r < 0) snprintf(error, n, "vkEnumeratePhysicalDevices failed: %s (%d)", result_name(r), r);
    else snprintf(error, n, "the Vulkan loader finds no device");
    vk.DestroyInstance(o->instance, NULL);
    return 1;
  }
  for (uint32_t d = 0; d < count; d++) {
    VkQueueFamilyProperties families[16];
    uint32_t nf = 16;
    vk.GetPhysicalDeviceQueueFamilyProperties(devices[d], &nf, families);
    for (uint32_t f = 0; f < nf; f++) {
      if (!(families[f].queueFlags & VK_QUEUE_COMPUTE_BIT)) continue;
      VkPhysicalDeviceProperties p;
      vk.GetPhysicalDeviceProperties(devices[d], &p);
      o->physical = devices[d];
      o->family = f;
      o->timestamp_bits = families[f].timestampValidBits;
      snprintf(o->name, sizeof o->name, "%s", p.deviceName);
      return 0;
    }
  }
  snprintf(error, n, "no Vulkan device has a compute queue");
  vk.DestroyInstance(o->instance, NULL);
  return 1;
}

// The first Vulkan device that can run compute work: 0 and its name, or
// 1 and why there is none.
int sdfg_vulkan_probe(char *out, size_t n) {
  Opened o;
  if (open_device(&o, out, n)) return 1;
  vk.DestroyInstance(o.instance, NULL);
  snprintf(out, n, "%s", o.name);
  return 0;
}

static void fail(const char *format, ...) __attribute__((format(printf, 1, 2), noreturn));
static void fail(const char *format, ...) {
  char text[1024];
  va_list args;
  va_start(args, format);
  vsnprintf(text, sizeof text, format, args);
  va_end(args);
  dprintf(2, "error: Vulkan: %s\n", text);
  _exit(1);
}
#define CHECK(call, what, ...)                                                                     \
  do {                                                                                             \
    VkResult r_ = (call);                                                                          \
    if (r_) fail(what " failed: %s (%d)", ##__VA_ARGS__, result_name(r_), r_);                     \
  } while (0)

typedef struct { uintptr_t base; size_t bytes; VkBuffer buffer; VkDeviceMemory memory; } Buffer;
typedef struct { VkShaderModule shader; } Module;
// A kernel of a module. Each launch looks its kernel up again; the same
// handle comes back, and keeps its pipeline.
typedef struct { const Module *module; VkShaderModule shader; char name[128]; long launches; double ms; } Function;
typedef struct { const Function *f; size_t bindings; VkDescriptorSetLayout set; VkPipelineLayout layout; VkPipeline pipeline; } Pipeline;

static struct {
  int started;
  VkDevice device;
  VkQueue queue;
  VkCommandPool pool;
  uint32_t memory_type;
  VkPhysicalDeviceLimits limits;
  char device_name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
  Buffer *arrays;  // GPU arrays
  size_t narrays, array_room;
  Pipeline *pipelines;
  size_t npipelines, pipeline_room;
  char last_kernel[128];
  // SDFG_GPU_TIMING: two timestamps around each dispatch; every kernel
  // handed out, for the report at exit.
  VkQueryPool timestamps;
  double tick_ns;
  uint64_t tick_mask;
  Function **kernels;
  size_t nkernels, kernel_room;
} rt;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void print_timing(void) {
  dprintf(2, "gpu-timing: device '%s'\n", rt.device_name);
  for (size_t i = 0; i < rt.nkernels; i++)
    if (rt.kernels[i]->launches)
      dprintf(2, "gpu-timing: %s: %ld launches, %.6f ms\n", rt.kernels[i]->name, rt.kernels[i]->launches, rt.kernels[i]->ms);
}

static void start(void) {
  if (rt.started) return;
  char error[512];
  Opened o;
  if (open_device(&o, error, sizeof error)) fail("%s", error);
  VkPhysicalDeviceVulkan12Features have12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceFeatures2 have = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &have12};
  vk.GetPhysicalDeviceFeatures2(o.physical, &have);
  VkPhysicalDeviceFeatures enabled = {.shaderFloat64 = have.features.shaderFloat64,
                                      .shaderInt64 = have.features.shaderInt64,
                                      .shaderInt16 = have.features.shaderInt16,
                                      .robustBufferAccess = have.features.robustBufferAccess};
  VkPhysicalDeviceVulkan12Features enabled12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                                .shaderBufferInt64Atomics = have12.shaderBufferInt64Atomics};
  float priority = 1.0f;
  VkDeviceQueueCreateInfo queue = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueFamilyIndex = o.family,
                                   .queueCount = 1, .pQueuePriorities = &priority};
  VkDeviceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &enabled12,
                             .queueCreateInfoCount = 1, .pQueueCreateInfos = &queue, .pEnabledFeatures = &enabled};
  CHECK(vk.CreateDevice(o.physical, &info, NULL, &rt.device), "vkCreateDevice");
  vk.GetDeviceQueue(rt.device, o.family, 0, &rt.queue);
  VkCommandPoolCreateInfo pool = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = o.family};
  CHECK(vk.CreateCommandPool(rt.device, &pool, NULL, &rt.pool), "vkCreateCommandPool");
  VkPhysicalDeviceMemoryProperties memory;
  vk.GetPhysicalDeviceMemoryProperties(o.physical, &memory);
  const VkMemoryPropertyFlags wanted = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  uint32_t t = 0;
  while (t < memory.memoryTypeCount && (memory.memoryTypes[t].propertyFlags & wanted) != wanted) t++;
  if (t == memory.memoryTypeCount) fail("device '%s' has no host-visible memory", o.name);
  rt.memory_type = t;
  VkPhysicalDeviceProperties properties;
  vk.GetPhysicalDeviceProperties(o.physical, &properties);
  rt.limits = properties.limits;
  snprintf(rt.device_name, sizeof rt.device_name, "%s", o.name);
  const char *timing = getenv("SDFG_GPU_TIMING");
  if (timing && *timing && *timing != '0') {
    if (!o.timestamp_bits) {
      dprintf(2, "gpu-timing: device '%s' has no timestamps on its compute queue: no kernel times\n", o.name);
    } else {
      VkQueryPoolCreateInfo q = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO, .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                 .queryCount = 2};
      CHECK(vk.CreateQueryPool(rt.device, &q, NULL, &rt.timestamps), "vkCreateQueryPool");
      rt.tick_ns = properties.limits.timestampPeriod;
      rt.tick_mask = o.timestamp_bits >= 64 ? UINT64_MAX : (UINT64_C(1) << o.timestamp_bits) - 1;
      atexit(print_timing);
    }
  }
  rt.started = 1;
}

// A mapped storage buffer of `bytes` (at least 16).
static Buffer new_buffer(size_t bytes, const char *what) {
  Buffer b = {.bytes = bytes};
  VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = bytes < 16 ? 16 : bytes,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, .sharingMode = VK_SHARING_MODE_EXCLUSIVE};
  CHECK(vk.CreateBuffer(rt.device, &info, NULL, &b.buffer), "%s: vkCreateBuffer", what);
  VkMemoryRequirements needs;
  vk.GetBufferMemoryRequirements(rt.device, b.buffer, &needs);
  if (!(needs.memoryTypeBits & (1u << rt.memory_type))) fail("%s: no host-visible memory for storage buffers", what);
  VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = needs.size,
                                .memoryTypeIndex = rt.memory_type};
  CHECK(vk.AllocateMemory(rt.device, &alloc, NULL, &b.memory), "%s: vkAllocateMemory", what);
  CHECK(vk.BindBufferMemory(rt.device, b.buffer, b.memory, 0), "%s: vkBindBufferMemory", what);
  void *p;
  CHECK(vk.MapMemory(rt.device, b.memory, 0, VK_WHOLE_SIZE, 0, &p), "%s: vkMapMemory", what);
  b.base = (uintptr_t)p;
  return b;
}

static void release(Buffer b) {
  vk.UnmapMemory(rt.device, b.memory);
  vk.DestroyBuffer(rt.device, b.buffer, NULL);
  vk.FreeMemory(rt.device, b.memory, NULL);
}

// Appends to a growing array.
static void *grow(void *items, size_t *room, size_t count, size_t size) {
  if (count < *room) return items;
  *room = *room ? 2 * *room : 16;
  items = realloc(items, *room * size);
  if (!items) fail("out of host memory");
  return items;
}

// The GPU array holding `address` (an index), or -1.
static long array_at(uintptr_t address) {
  for (size_t i = 0; i < rt.narrays; i++) {
    size_t bytes = rt.arrays[i].bytes ? rt.arrays[i].bytes : 1;
    if (address >= rt.arrays[i].base && address < rt.arrays[i].base + bytes) return (long)i;
  }
  return -1;
}

static Pipeline *pipeline(const Function *f, size_t bindings) {
  for (size_t i = 0; i < rt.npipelines; i++)
    if (rt.pipelines[i].f == f && rt.pipelines[i].bindings == bindings) return &rt.pipelines[i];
  Pipeline p = {.f = f, .bindings = bindings};
  VkDescriptorSetLayoutBinding slots[64];
  if (bindings > 64) fail("kernel '%s': more than 64 buffers", f->name);
  for (size_t i = 0; i < bindings; i++)
    slots[i] = (VkDescriptorSetLayoutBinding){.binding = (uint32_t)i, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                              .descriptorCount = 1, .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT};
  VkDescriptorSetLayoutCreateInfo set = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                         .bindingCount = (uint32_t)bindings, .pBindings = slots};
  CHECK(vk.CreateDescriptorSetLayout(rt.device, &set, NULL, &p.set), "creating the pipeline of kernel '%s'", f->name);
  VkPipelineLayoutCreateInfo layout = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
                                       .pSetLayouts = &p.set};
  CHECK(vk.CreatePipelineLayout(rt.device, &layout, NULL, &p.layout), "creating the pipeline of kernel '%s'", f->name);
  VkComputePipelineCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = f->shader, .pName = f->name},
      .layout = p.layout};
  CHECK(vk.CreateComputePipelines(rt.device, VK_NULL_HANDLE, 1, &info, NULL, &p.pipeline),
        "creating the pipeline of kernel '%s'", f->name);
  rt.pipelines = grow(rt.pipelines, &rt.pipeline_room, rt.npipelines, sizeof(Pipeline));
  rt.pipelines[rt.npipelines] = p;
  return &rt.pipelines[rt.npipelines++];
}

// Runs `f` on a grid of workgroups with these storage buffers bound in
// order, and waits for it.
static void dispatch(const Function *f, const uint32_t grid[3], const VkBuffer *buffers, const VkDeviceSize *offsets,
                     size_t count) {
  Pipeline *p = pipeline(f, count);
  VkDevice d = rt.device;
  const char *k = f->name;
  VkDescriptorPoolSize size = {.type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .descriptorCount = count ? (uint32_t)count : 1};
  VkDescriptorPoolCreateInfo pool_info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
                                          .poolSizeCount = 1, .pPoolSizes = &size};
  VkDescriptorPool pool;
  CHECK(vk.CreateDescriptorPool(d, &pool_info, NULL, &pool), "running kernel '%s'", k);
  VkDescriptorSetAllocateInfo set_info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = pool,
                                          .descriptorSetCount = 1, .pSetLayouts = &p->set};
  VkDescriptorSet set;
  CHECK(vk.AllocateDescriptorSets(d, &set_info, &set), "running kernel '%s'", k);
  VkDescriptorBufferInfo infos[64];
  VkWriteDescriptorSet writes[64];
  for (size_t i = 0; i < count; i++) {
    infos[i] = (VkDescriptorBufferInfo){.buffer = buffers[i], .offset = offsets[i], .range = VK_WHOLE_SIZE};
    writes[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
                                       .dstBinding = (uint32_t)i, .descriptorCount = 1,
                                       .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &infos[i]};
  }
  vk.UpdateDescriptorSets(d, (uint32_t)count, writes, 0, NULL);
  VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = rt.pool,
                                       .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1};
  VkCommandBuffer cb;
  CHECK(vk.AllocateCommandBuffers(d, &alloc, &cb), "running kernel '%s'", k);
  VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                    .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
  CHECK(vk.BeginCommandBuffer(cb, &begin), "running kernel '%s'", k);
  if (rt.timestamps) {
    vk.CmdResetQueryPool(cb, rt.timestamps, 0, 2);
    vk.CmdWriteTimestamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, rt.timestamps, 0);
  }
  vk.CmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->pipeline);
  vk.CmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->layout, 0, 1, &set, 0, NULL);
  vk.CmdDispatch(cb, grid[0], grid[1], grid[2]);
  // The kernel's writes visible to host reads after the fence.
  VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER, .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                             .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
  vk.CmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, NULL, 0,
                        NULL);
  if (rt.timestamps) vk.CmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, rt.timestamps, 1);
  CHECK(vk.EndCommandBuffer(cb), "running kernel '%s'", k);
  VkFenceCreateInfo fence_info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkFence fence;
  CHECK(vk.CreateFence(d, &fence_info, NULL, &fence), "running kernel '%s'", k);
  VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cb};
  CHECK(vk.QueueSubmit(rt.queue, 1, &submit, fence), "running kernel '%s'", k);
  CHECK(vk.WaitForFences(d, 1, &fence, VK_TRUE, UINT64_MAX), "running kernel '%s'", k);
  if (rt.timestamps) {
    uint64_t ticks[2];
    CHECK(vk.GetQueryPoolResults(d, rt.timestamps, 0, 2, sizeof ticks, ticks, sizeof ticks[0],
                                 VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
          "timing kernel '%s'", k);
    Function *timed = (Function *)f;
    timed->launches++;
    timed->ms += (double)((ticks[1] - ticks[0]) & rt.tick_mask) * rt.tick_ns / 1e6;
  }
  vk.DestroyFence(d, fence, NULL);
  vk.FreeCommandBuffers(d, rt.pool, 1, &cb);
  vk.DestroyDescriptorPool(d, pool, NULL);
}

void *mgpuModuleLoad(void *data, size_t size) {
  if (size % 4) fail("a kernel module is not SPIR-V (its size is not a multiple of 4)");
  // The words aligned as Vulkan needs them (the binary is a byte array).
  Module *m = calloc(1, sizeof *m);
  uint32_t *words = malloc(size ? size : 4);
  if (!m || !words) fail("out of host memory");
  memcpy(words, data, size);
  pthread_mutex_lock(&lock);
  start();
  VkShaderModuleCreateInfo info = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = size, .pCode = words};
  CHECK(vk.CreateShaderModule(rt.device, &info, NULL, &m->shader), "loading a kernel module");
  pthread_mutex_unlock(&lock);
  free(words);
  return m;
}

// Runs at exit, possibly after the device is gone: the process ends
// anyway, so the kernels' pipelines stay.
void mgpuModuleUnload(void *module) { (void)module; }

void *mgpuModuleGetFunction(void *module, const char *name) {
  const Module *m = module;
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < rt.nkernels; i++)
    if (rt.kernels[i]->module == m && !strcmp(rt.kernels[i]->name, name)) {
      pthread_mutex_unlock(&lock);
      return rt.kernels[i];
    }
  Function *f = calloc(1, sizeof *f);
  if (!f) fail("out of host memory");
  f->module = m;
  f->shader = m->shader;
  snprintf(f->name, sizeof f->name, "%s", name);
  rt.kernels = grow(rt.kernels, &rt.kernel_room, rt.nkernels, sizeof(Function *));
  rt.kernels[rt.nkernels++] = f;
  pthread_mutex_unlock(&lock);
  return f;
}

void mgpuLaunchKernel(void *function, intptr_t gx, intptr_t gy, intptr_t gz, intptr_t bx, intptr_t by, intptr_t bz,
                      int32_t smem, void *stream, void **params, void **extra, size_t count) {
  (void)smem, (void)stream, (void)extra;
  const Function *f = function;
  const char *k = f->name;
  // Every argument is a memref<?xT>: allocated and aligned pointers,
  // offset, size, stride.
  if (count % 5) fail("kernel '%s': %zu launch parameters are not whole memref descriptors", k, count);
  size_t n = count / 5;
  if (n > 64) fail("kernel '%s': more than 64 buffers", k);
  pthread_mutex_lock(&lock);
  start();
  const VkPhysicalDeviceLimits *l = &rt.limits;
  intptr_t grid[3] = {gx, gy, gz};
  for (int a = 0; a < 3; a++)
    if (grid[a] < 0 || (uint64_t)grid[a] > l->maxComputeWorkGroupCount[a])
      fail("kernel '%s': a grid of %ld x %ld x %ld workgroups is more than the device allows ([%u, %u, %u])", k, (long)gx,
           (long)gy, (long)gz, l->maxComputeWorkGroupCount[0], l->maxComputeWorkGroupCount[1],
           l->maxComputeWorkGroupCount[2]);
  if (bx * by * bz > (intptr_t)l->maxComputeWorkGroupInvocations)
    fail("kernel '%s': blocks of %ld x %ld x %ld threads are more than the device's %u", k, (long)bx, (long)by, (long)bz,
         l->maxComputeWorkGroupInvocations);
  VkBuffer buffers[64];
  VkDeviceSize offsets[64];
  // Where each GPU array's pointer lies past its binding, which starts at
  // the device's offset alignment at or before it.
  int64_t past[64];
  size_t npast = 0;
  struct { int64_t *address; size_t elements; Buffer b; } temporary[64];
  size_t ntemporary = 0;
  for (size_t g = 0; g < n; g++) {
    uintptr_t address = *(uintptr_t *)params[5 * g + 1];
    int64_t elements = *(int64_t *)params[5 * g + 3];
    long a = array_at(address);
    if (a >= 0) {
      VkDeviceSize offset = address - rt.arrays[a].base;
      VkDeviceSize skew = offset % l->minStorageBufferOffsetAlignment;
      buffers[g] = rt.arrays[a].buffer;
      offsets[g] = offset - skew;
      past[npast++] = (int64_t)skew;
      continue;
    }
    // Host memory: the launch's scalar buffer, 8 bytes a slot, the first
    // ones for the arrays' offsets.
    size_t slots = elements > 0 ? (size_t)elements : 0;
    char what[192];
    snprintf(what, sizeof what, "kernel '%s': its scalars", k);
    Buffer b = new_buffer(slots * 8, what);
    memcpy((void *)b.base, (void *)address, slots * 8);
    if (slots < npast) fail("kernel '%s': its scalar buffer has no room for the arrays' offsets", k);
    memcpy((void *)b.base, past, npast * 8);
    if (slots) ((int64_t *)b.base)[slots - 1] = 0;
    buffers[g] = b.buffer;
    offsets[g] = 0;
    temporary[ntemporary].address = (int64_t *)address;
    temporary[ntemporary].elements = slots;
    temporary[ntemporary++].b = b;
  }
  if (gx > 0 && gy > 0 && gz > 0) {
    uint32_t g3[3] = {(uint32_t)gx, (uint32_t)gy, (uint32_t)gz};
    dispatch(f, g3, buffers, offsets, n);
  }
  for (size_t t = 0; t < ntemporary; t++) {
    // The status, back to the program.
    size_t e = temporary[t].elements;
    if (e) temporary[t].address[e - 1] = ((int64_t *)temporary[t].b.base)[e - 1];
    release(temporary[t].b);
  }
  snprintf(rt.last_kernel, sizeof rt.last_kernel, "%s", k);
  pthread_mutex_unlock(&lock);
}

// After a launch: reports the failed check `message` when `status` says
// one failed.
void __sdfg_gpu_check(int64_t status, const char *message) {
  if (!status) return;
  dprintf(2, "%s (in GPU kernel '%s', for some thread)\n", message ? message : "a run-time check failed", rt.last_kernel);
  _exit(1);
}

// Launches complete before they return: one stream, in order.
void *mgpuStreamCreate(void) { return (void *)&rt; }
void mgpuStreamSynchronize(void *stream) { (void)stream; }
void mgpuStreamDestroy(void *stream) { (void)stream; }

void *__sdfg_gpu_alloc(const char *name, int64_t count, int64_t size) {
  int64_t bytes;
  if (count < 0 || size < 0 || __builtin_mul_overflow(count, size, &bytes))
    fail("GPU array '%s' of %lld elements of %lld bytes: invalid size", name, (long long)count, (long long)size);
  pthread_mutex_lock(&lock);
  start();
  if ((uint64_t)bytes > rt.limits.maxStorageBufferRange)
    fail("GPU array '%s' of %lld bytes is larger than the device's storage buffers (%u bytes)", name, (long long)bytes,
         rt.limits.maxStorageBufferRange);
  char what[192];
  snprintf(what, sizeof what, "allocating GPU array '%s'", name);
  Buffer b = new_buffer((size_t)bytes, what);
  rt.arrays = grow(rt.arrays, &rt.array_room, rt.narrays, sizeof(Buffer));
  rt.arrays[rt.narrays++] = b;
  pthread_mutex_unlock(&lock);
  return (void *)b.base;
}

void __sdfg_gpu_free(void *p) {
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < rt.narrays; i++) {
    if (rt.arrays[i].base != (uintptr_t)p) continue;
    release(rt.arrays[i]);
    rt.arrays[i] = rt.arrays[--rt.narrays];
    break;
  }
  pthread_mutex_unlock(&lock);
}

// GPU arrays are mapped host memory and no kernel is running.
void __sdfg_gpu_copy(void *dst, const void *src, int64_t bytes) {
  if (bytes > 0) memmove(dst, src, (size_t)bytes);
}

// A GPU array sized again for the symbols of now: the same one where its
// size is unchanged, else a new one holding what the old one held (as far
// as both reach).
void *__sdfg_gpu_realloc(const char *name, int64_t count, int64_t size, void *old) {
  pthread_mutex_lock(&lock);
  long held = -1;
  for (size_t i = 0; i < rt.narrays; i++)
    if (rt.arrays[i].base == (uintptr_t)old) held = (long)rt.arrays[i].bytes;
  pthread_mutex_unlock(&lock);
  int64_t bytes;
  if (held >= 0 && !__builtin_mul_overflow(count, size, &bytes) && bytes == held) return old;
  void *p = __sdfg_gpu_alloc(name, count, size);
  if (held >= 0) {
    size_t keep = (size_t)held < (size_t)(count * size) ? (size_t)held : (size_t)(count * size);
    memcpy(p, old, keep);
    __sdfg_gpu_free(old);
  }
  return p;
}
