// Runs the probe's SPIR-V kernels on the first Vulkan device and checks
// their results; their arguments are storage buffers at (set 0, binding i),
// as MLIR's convert-gpu-to-spirv lays them out. Prints PASS or FAIL.
#include <vulkan/vulkan.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

#define CHECK(call) do { VkResult r_ = (call); if (r_ != VK_SUCCESS) { \
    fprintf(stderr, "%s failed: VkResult %d\n", #call, r_); exit(1); } } while (0)

typedef struct { VkBuffer buffer; VkDeviceMemory memory; void *host; VkDeviceSize size; } Buf;

static VkInstance instance;
static VkPhysicalDevice phys;
static VkDevice device;
static VkQueue queue;
static uint32_t family;

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

static void init(void) {
    VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_3 };
    VkInstanceCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app };
    CHECK(vkCreateInstance(&ici, NULL, &instance));
    uint32_t n = 0;
    CHECK(vkEnumeratePhysicalDevices(instance, &n, NULL));
    if (n == 0) { fprintf(stderr, "no Vulkan device\n"); exit(1); }
    VkPhysicalDevice devs[8];
    n = n > 8 ? 8 : n;
    CHECK(vkEnumeratePhysicalDevices(instance, &n, devs));
    phys = devs[0];
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(phys, &props);
    printf("device: %s (API %u.%u)\n", props.deviceName, VK_API_VERSION_MAJOR(props.apiVersion), VK_API_VERSION_MINOR(props.apiVersion));
    uint32_t nq = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(phys, &nq, NULL);
    VkQueueFamilyProperties qs[16];
    nq = nq > 16 ? 16 : nq;
    vkGetPhysicalDeviceQueueFamilyProperties(phys, &nq, qs);
    family = UINT32_MAX;
    for (uint32_t i = 0; i < nq; i++) if (qs[i].queueFlags & VK_QUEUE_COMPUTE_BIT) { family = i; break; }
    if (family == UINT32_MAX) { fprintf(stderr, "no compute queue\n"); exit(1); }
    float prio = 1.0f;
    VkDeviceQueueCreateInfo qci = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueFamilyIndex = family, .queueCount = 1, .pQueuePriorities = &prio };
    VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomic_float = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT, .shaderBufferFloat32AtomicAdd = VK_TRUE };
    VkPhysicalDeviceVulkan12Features v12 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, .pNext = &atomic_float, .shaderBufferInt64Atomics = VK_TRUE };
    VkPhysicalDeviceFeatures2 f2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &v12 };
    f2.features.shaderFloat64 = VK_TRUE;
    f2.features.shaderInt64 = VK_TRUE;
    const char *exts[] = { "VK_EXT_shader_atomic_float" };
    VkDeviceCreateInfo dci = { .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &f2, .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci,
                               .enabledExtensionCount = 1, .ppEnabledExtensionNames = exts };
    CHECK(vkCreateDevice(phys, &dci, NULL, &device));
    vkGetDeviceQueue(device, family, 0, &queue);
}

static Buf buffer(VkDeviceSize size) {
    Buf b = { .size = size };
    VkBufferCreateInfo bci = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size, .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT };
    CHECK(vkCreateBuffer(device, &bci, NULL, &b.buffer));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(device, b.buffer, &req);
    VkPhysicalDeviceMemoryProperties mp;
    vkGetPhysicalDeviceMemoryProperties(phys, &mp);
    VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    uint32_t type = UINT32_MAX;
    for (uint32_t i = 0; i < mp.memoryTypeCount; i++)
        if ((req.memoryTypeBits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & want) == want) { type = i; break; }
    if (type == UINT32_MAX) { fprintf(stderr, "no host-visible memory\n"); exit(1); }
    VkMemoryAllocateInfo mai = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size, .memoryTypeIndex = type };
    CHECK(vkAllocateMemory(device, &mai, NULL, &b.memory));
    CHECK(vkBindBufferMemory(device, b.buffer, b.memory, 0));
    CHECK(vkMapMemory(device, b.memory, 0, size, 0, &b.host));
    return b;
}

static void *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END);
    *len = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *p = malloc(*len);
    if (fread(p, 1, *len, f) != *len) { perror(path); exit(1); }
    fclose(f);
    return p;
}

// Dispatches `entry` of `spv` over `groups` workgroups with `bufs` bound at
// (0, 0..n-1); returns the seconds from submit to fence.
static double dispatch(const char *spv, const char *entry, Buf *bufs, uint32_t n, uint32_t groups) {
    size_t len;
    uint32_t *code = read_file(spv, &len);
    VkShaderModuleCreateInfo smci = { .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = len, .pCode = code };
    VkShaderModule module;
    CHECK(vkCreateShaderModule(device, &smci, NULL, &module));
    VkDescriptorSetLayoutBinding bind[16];
    for (uint32_t i = 0; i < n; i++)
        bind[i] = (VkDescriptorSetLayoutBinding){ .binding = i, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .descriptorCount = 1, .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT };
    VkDescriptorSetLayoutCreateInfo dslci = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = n, .pBindings = bind };
    VkDescriptorSetLayout dsl;
    CHECK(vkCreateDescriptorSetLayout(device, &dslci, NULL, &dsl));
    VkPipelineLayoutCreateInfo plci = { .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1, .pSetLayouts = &dsl };
    VkPipelineLayout layout;
    CHECK(vkCreatePipelineLayout(device, &plci, NULL, &layout));
    VkComputePipelineCreateInfo cpci = { .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO, .layout = layout,
        .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = module, .pName = entry } };
    VkPipeline pipeline;
    CHECK(vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &cpci, NULL, &pipeline));
    VkDescriptorPoolSize ps = { .type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .descriptorCount = n };
    VkDescriptorPoolCreateInfo dpci = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &ps };
    VkDescriptorPool pool;
    CHECK(vkCreateDescriptorPool(device, &dpci, NULL, &pool));
    VkDescriptorSetAllocateInfo dsai = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = pool, .descriptorSetCount = 1, .pSetLayouts = &dsl };
    VkDescriptorSet set;
    CHECK(vkAllocateDescriptorSets(device, &dsai, &set));
    VkDescriptorBufferInfo info[16];
    VkWriteDescriptorSet w[16];
    for (uint32_t i = 0; i < n; i++) {
        info[i] = (VkDescriptorBufferInfo){ .buffer = bufs[i].buffer, .offset = 0, .range = VK_WHOLE_SIZE };
        w[i] = (VkWriteDescriptorSet){ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = i, .descriptorCount = 1,
                                      .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &info[i] };
    }
    vkUpdateDescriptorSets(device, n, w, 0, NULL);
    VkCommandPoolCreateInfo cpi = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = family };
    VkCommandPool cpool;
    CHECK(vkCreateCommandPool(device, &cpi, NULL, &cpool));
    VkCommandBufferAllocateInfo cbai = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = cpool, .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 };
    VkCommandBuffer cb;
    CHECK(vkAllocateCommandBuffers(device, &cbai, &cb));
    VkCommandBufferBeginInfo bi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT };
    CHECK(vkBeginCommandBuffer(cb, &bi));
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
    vkCmdDispatch(cb, groups, 1, 1);
    CHECK(vkEndCommandBuffer(cb));
    VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
    VkFence fence;
    CHECK(vkCreateFence(device, &fci, NULL, &fence));
    VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cb };
    double t0 = now();
    CHECK(vkQueueSubmit(queue, 1, &si, fence));
    CHECK(vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX));
    double t = now() - t0;
    vkDestroyFence(device, fence, NULL);
    vkDestroyCommandPool(device, cpool, NULL);
    vkDestroyDescriptorPool(device, pool, NULL);
    vkDestroyPipeline(device, pipeline, NULL);
    vkDestroyPipelineLayout(device, layout, NULL);
    vkDestroyDescriptorSetLayout(device, dsl, NULL);
    vkDestroyShaderModule(device, module, NULL);
    free(code);
    return t;
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : ".";
    char path[4096];
    init();
    int ok = 1;
    // axpy: y = a * x + y over n doubles.
    {
        uint64_t n = 1 << 22;
        Buf b[4] = { buffer(8), buffer(8 * n), buffer(8 * n), buffer(8) };
        double *a = b[0].host, *x = b[1].host, *y = b[2].host;
        a[0] = 2.5;
        for (uint64_t i = 0; i < n; i++) { x[i] = (double)i; y[i] = 1.0 / (i + 1); }
        *(int64_t *)b[3].host = (int64_t)n;
        snprintf(path, sizeof path, "%s/axpy.spv", dir);
        double t = dispatch(path, "axpy", b, 4, (uint32_t)((n + 63) / 64));
        uint64_t bad = 0;
        for (uint64_t i = 0; i < n; i++) if (y[i] != 2.5 * (double)i + 1.0 / (i + 1)) bad++;
        printf("axpy f64 n=%lu: %lu wrong, %.1f ms\n", (unsigned long)n, (unsigned long)bad, t * 1e3);
        ok &= bad == 0;
    }
    // sum: block reduction in workgroup memory, one partial sum per block.
    {
        uint64_t n = 1 << 20, blocks = (n + 255) / 256;
        Buf b[3] = { buffer(8 * n), buffer(8 * blocks), buffer(8) };
        double *x = b[0].host, *s = b[1].host, ref = 0, got = 0;
        for (uint64_t i = 0; i < n; i++) { x[i] = 1.0 / (i + 1); ref += x[i]; }
        *(int64_t *)b[2].host = (int64_t)n;
        snprintf(path, sizeof path, "%s/block_sum.spv", dir);
        double t = dispatch(path, "sum", b, 3, (uint32_t)blocks);
        for (uint64_t k = 0; k < blocks; k++) got += s[k];
        double rel = fabs(got - ref) / ref;
        printf("block sums f64 n=%lu: %.17g vs %.17g, rel. error %.2g, %.1f ms\n", (unsigned long)n, got, ref, rel, t * 1e3);
        ok &= rel < 1e-12;
    }
    // cas: every thread adds its value into one f64 by compare-and-swap on the i64 bits.
    {
        uint64_t n = 1 << 16;
        Buf b[3] = { buffer(8 * n), buffer(8), buffer(8) };
        double *x = b[0].host, *s = b[1].host, ref = 0;
        for (uint64_t i = 0; i < n; i++) { x[i] = 1.0 / (i + 1); ref += x[i]; }
        s[0] = 0;
        *(int64_t *)b[2].host = (int64_t)n;
        snprintf(path, sizeof path, "%s/cas_add.spv", dir);
        double t = dispatch(path, "cas_add", b, 3, (uint32_t)((n + 63) / 64));
        double rel = fabs(s[0] - ref) / ref;
        printf("CAS sum f64 n=%lu: %.17g vs %.17g, rel. error %.2g, %.1f ms\n", (unsigned long)n, s[0], ref, rel, t * 1e3);
        ok &= rel < 1e-12;
    }
    puts(ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
