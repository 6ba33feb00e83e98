print("beztune")
