#version 450
#extension GL_ARB_shader_viewport_layer_array : require
// Layer and ViewportIndex from a vertex shader; 64-bit attributes and
// outputs that span two slots.
layout(location = 0) in dvec3 a_d; // locations 0 and 1
layout(location = 2) in float a_f;
layout(location = 0) flat out dvec3 v_d; // locations 0 and 1
layout(location = 2) out float v_f;
void main()
{
   gl_Position = vec4(a_f);
   gl_Layer = int(a_f) + 1;
   gl_ViewportIndex = 2;
   v_d = a_d * 2.0lf;
   v_f = a_f;
}
