#version 450
// vk_draw_test stores_and_atomics_through_device_addresses: one atomic add
// per fragment into its pixel's counter through a device address; the
// derivative makes the quads' uncovered pixels run as helpers, which must
// add nothing.
#extension GL_EXT_buffer_reference : require
layout(location = 0) in vec4 v_smooth;
layout(location = 1) flat in vec4 v_flat;
layout(location = 0) out vec4 out_color;

layout(buffer_reference, std430, buffer_reference_align = 4) buffer Uints {
   uint v[];
};
layout(push_constant) uniform P {
   Uints counts;
   Uints verts;
} pc;

void main()
{
   ivec2 p = ivec2(gl_FragCoord.xy);
   atomicAdd(pc.counts.v[p.y * 64 + p.x], 1u);
   out_color = v_flat + vec4(dFdx(v_smooth.x));
}
