#version 450
// nvk_spirv_run_test spirv_pointer_chasing: each invocation follows a chain
// of nodes through device addresses from its head (at most 16 hops, or to
// a null pointer), sums the values and adds them atomically through a
// pointer too: lanes leave the loop at different hops.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 64) in;

layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node {
   Node next;
   uint value;
   uint pad;
};
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Total {
   uint total;
};
layout(set = 0, binding = 0, std430) readonly buffer Heads {
   Total total;
   Node heads[];
} h;
layout(set = 0, binding = 1, std430) buffer Pool {
   uint unused[];
} pool;
layout(set = 0, binding = 2, std430) buffer Out {
   uint hops[];
} o;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   Node n = h.heads[i];
   uint sum = 0u, k = 0u;
   while (uint64_t(n) != 0ul && k < 16u) {
      sum += n.value * (k + 1u);
      n = n.next;
      k++;
   }
   o.hops[2u * i] = k;
   o.hops[2u * i + 1u] = sum;
   atomicAdd(h.total.total, sum);
}
