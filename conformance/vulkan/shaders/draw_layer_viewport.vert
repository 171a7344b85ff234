#version 450
#extension GL_ARB_shader_viewport_layer_array : require
// vk_draw_test: instance i goes to layer i through viewport i, coloured
// red (instance 0) or green (instance 1).
layout(location = 0) in vec4 in_pos;
layout(location = 1) in vec4 in_color;
layout(location = 0) out vec4 v_smooth;
layout(location = 1) flat out vec4 v_flat;

void main()
{
   gl_Position = in_pos;
   gl_Layer = gl_InstanceIndex;
   gl_ViewportIndex = gl_InstanceIndex;
   v_smooth = in_color;
   v_flat = gl_InstanceIndex == 0 ? vec4(1, 0, 0, 1) : vec4(0, 1, 0, 1);
}
