#version 450
// PhysicalStorageBuffer pointers as glslang writes them (GL_EXT_buffer_reference):
// forward pointers, a pointer member of its own struct, pointer arithmetic
// (OpConvertPtrToU, integer arithmetic, OpConvertUToPtr), a pointer in a
// loop variable, atomics and a uvec2 conversion.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference2 : require
#extension GL_EXT_buffer_reference_uvec2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 64) in;

layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node {
   Node next;
   uint value;
};
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Sums {
   uint total;
   uint per[];
};
layout(push_constant) uniform P {
   Node head;
   Sums sums;
   uvec2 raw;
} p;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   Node n = p.head + i;
   uint s = 0u;
   for (uint k = 0u; k < 8u && uint64_t(n) != 0ul; k++) {
      s += n.value;
      n = n.next;
   }
   p.sums.per[i] = s;
   atomicAdd(p.sums.total, s);
   Sums other = Sums(p.raw);
   atomicMax(other.per[i], s);
}
