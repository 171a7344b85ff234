#version 450
// Transform feedback layouts on plain outputs, a block and gl_Position.
layout(location = 0) in vec4 in_pos;
layout(location = 1) in vec3 in_normal;

layout(xfb_buffer = 0, xfb_stride = 32) out;
layout(location = 0, xfb_buffer = 1, xfb_offset = 0, xfb_stride = 16) out vec3 out_normal;
layout(location = 1, xfb_buffer = 1, xfb_offset = 12) out float out_w;
layout(location = 2) out vec2 not_captured;

out gl_PerVertex {
   layout(xfb_buffer = 0, xfb_offset = 0) vec4 gl_Position;
   layout(xfb_buffer = 0, xfb_offset = 16) float gl_PointSize;
};

void main()
{
   gl_Position = in_pos;
   gl_PointSize = 2.0;
   out_normal = normalize(in_normal);
   out_w = in_pos.w;
   not_captured = in_pos.xy * 0.5;
}
