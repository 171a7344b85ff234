#version 450
// vk_draw_test: a per-vertex corner moved by a per-instance offset, the
// per-instance colour passed on flat and smooth.
layout(location = 0) in vec4 in_pos;    // xy from R32G32_SFLOAT: z = 0, w = 1
layout(location = 1) in vec4 in_color;  // R8G8B8A8_UNORM, per instance
layout(location = 2) in vec2 in_offset; // per instance
layout(location = 0) out vec4 v_smooth;
layout(location = 1) flat out vec4 v_flat;

void main()
{
   gl_Position = vec4(in_pos.xy + in_offset, in_pos.z, in_pos.w);
   v_smooth = in_color;
   v_flat = in_color;
}
