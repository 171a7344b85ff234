#version 450
// PhysicalStorageBuffer pointers through ntv: loads, whole and partial
// (write-masked) stores, atomics, a pointer read from memory.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 32) in;

layout(buffer_reference) buffer Item;
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Item {
   vec4 v;
   Item next;
   uint count;
};
layout(push_constant) uniform Args {
   Item first;
} args;

void main()
{
   Item it = args.first;
   vec4 a = it.v;
   it.v.xz = a.yw * 2.0;
   Item n = it.next;
   if (uint64_t(n) != 0ul)
      n.v = a;
   atomicAdd(it.count, 1u);
}
