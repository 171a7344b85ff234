#version 450
// vk_draw_test stores_and_atomics_through_device_addresses: draw.vert's
// outputs, and a store per vertex through a device address.
#extension GL_EXT_buffer_reference : require
layout(location = 0) in vec4 in_pos;
layout(location = 1) in vec4 in_color;
layout(location = 0) out vec4 v_smooth;
layout(location = 1) flat out vec4 v_flat;

layout(buffer_reference, std430, buffer_reference_align = 4) buffer Uints {
   uint v[];
};
layout(push_constant) uniform P {
   Uints counts;
   Uints verts;
} pc;

void main()
{
   gl_Position = in_pos;
   v_smooth = in_color;
   v_flat = in_color;
   pc.verts.v[gl_VertexIndex] = uint(gl_VertexIndex) * 3u + 1u;
}
