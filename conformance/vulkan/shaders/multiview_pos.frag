#version 450
#extension GL_EXT_multiview : require
// vk_version_test: red names the view (ViewIndex in the fragment shader);
// no inputs.
layout(location = 0) out vec4 o;
void main()
{
   o = vec4(float(gl_ViewIndex + 1) / 4.0, 1.0, 1.0, 1.0);
}
