//! Finding a Vulkan device (through the loader, `libvulkan.so.1`, opened
//! at run time): an instance of Vulkan 1.3 and the first physical device
//! with a compute queue. Where there is none, the error says why, from the
//! loader missing to an instance the driver refuses (pointing
//! `VK_ICD_FILENAMES` at no driver fails already at `vkCreateInstance`).

use ash::vk;

/// A Vulkan device found by [`probe`].
pub struct Device {
    /// The device's name (`llvmpipe (LLVM 15.0.6, 256 bits)`).
    pub name: String,
}

/// An instance and the device [`open`] chose.
pub(super) struct Opened {
    pub entry: ash::Entry,
    pub instance: ash::Instance,
    pub physical: vk::PhysicalDevice,
    /// A queue family with compute queues.
    pub family: u32,
    pub name: String,
}

/// The first Vulkan device that can run compute work.
pub fn probe() -> Result<Device, String> {
    let opened = open()?;
    // SAFETY: nothing created from the instance outlives it.
    unsafe { opened.instance.destroy_instance(None) };
    Ok(Device { name: opened.name })
}

/// A Vulkan 1.3 instance and its first device with a compute queue.
pub(super) fn open() -> Result<Opened, String> {
    // SAFETY: loading the Vulkan loader runs its initialisation only.
    let entry = unsafe { ash::Entry::load() }.map_err(|e| format!("cannot load the Vulkan loader (libvulkan.so.1): {e}"))?;
    let app = vk::ApplicationInfo::default().application_name(c"sdfg-mlir").api_version(vk::make_api_version(0, 1, 3, 0));
    let info = vk::InstanceCreateInfo::default().application_info(&app);
    // SAFETY: `info` and what it points to live across the call.
    let instance = unsafe { entry.create_instance(&info, None) }.map_err(|r| format!("vkCreateInstance failed: {}", name(r)))?;
    // SAFETY: the instance is live; on failure it is destroyed here.
    match unsafe { first_compute_device(&instance) } {
        Ok((physical, family, name)) => Ok(Opened { entry, instance, physical, family, name }),
        Err(e) => {
            unsafe { instance.destroy_instance(None) };
            Err(e)
        }
    }
}

/// `VK_ERROR_INCOMPATIBLE_DRIVER (-9)`.
pub(super) fn name(r: vk::Result) -> String {
    format!("VK_{r:?} ({})", r.as_raw())
}

unsafe fn first_compute_device(instance: &ash::Instance) -> Result<(vk::PhysicalDevice, u32, String), String> {
    let devices = instance.enumerate_physical_devices().map_err(|r| format!("vkEnumeratePhysicalDevices failed: {}", name(r)))?;
    if devices.is_empty() {
        return Err("the Vulkan loader finds no device".into());
    }
    for device in devices {
        let queues = instance.get_physical_device_queue_family_properties(device);
        let Some(family) = queues.iter().position(|q| q.queue_flags.contains(vk::QueueFlags::COMPUTE)) else { continue };
        let properties = instance.get_physical_device_properties(device);
        let name = properties.device_name_as_c_str().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|_| "Vulkan device".into());
        return Ok((device, family as u32, name));
    }
    Err("no Vulkan device has a compute queue".into())
}
